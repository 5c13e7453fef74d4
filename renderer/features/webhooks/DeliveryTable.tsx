import { useShallow } from 'zustand/react/shallow';
import type { WebhookDeliveryView as Delivery } from '../../../contract/webhooks';
import { formatDateTime } from '../../lib/format';
import { useConsoleStore } from '../../store';
import { selectIsOwner } from '../staff/slice';
import { selectPaymentsActions } from '../payments/slice';
import { selectWebhooksActions } from './slice';
import { DeliveryStateBadge, LastResponse, useNow } from './DeliveryState';

/** Webhook and callback deliveries: state, next attempt, attempts, last response; the attempts dialog and redelivery. */
export function DeliveryTable({
  deliveries,
  testId,
  detailed,
}: {
  deliveries: readonly Delivery[];
  testId: string;
  detailed: boolean;
}) {
  const { showDelivery } = useConsoleStore(useShallow(selectWebhooksActions));
  const { redeliverEvent } = useConsoleStore(useShallow(selectPaymentsActions));
  // redelivering is the owner's; a cashier reads the log
  const isOwner = useConsoleStore(selectIsOwner);
  const now = useNow();
  return (
    <table className="table deliveries" data-testid={testId}>
      <thead>
        <tr>
          <th>Event</th>
          <th>State</th>
          <th>Attempts</th>
          <th>Last response</th>
          {detailed ? <th>Payment</th> : null}
          <th>{detailed ? 'URL' : 'Endpoint'}</th>
          <th>Created</th>
          <th>
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {deliveries.map((d) => (
          <tr key={d.id}>
            <td>
              <button type="button" className="link" onClick={() => void showDelivery(d.id)}>
                {d.eventType}
              </button>
            </td>
            <td>
              <DeliveryStateBadge delivery={d} now={now} />
            </td>
            <td className="num" data-testid="delivery-attempts">
              {d.attempts}
            </td>
            <td>
              <LastResponse delivery={d} />
            </td>
            {detailed ? (
              <td>
                {d.paymentId ? (
                  <a href={`#/payment/${d.paymentId}`}>
                    <code>{d.paymentId.slice(0, 12)}…</code>
                  </a>
                ) : (
                  '—'
                )}
              </td>
            ) : null}
            <td className="truncate">
              <code>{d.url}</code>
              {d.endpointId === null ? <span className="muted small"> (callback)</span> : null}
            </td>
            <td>{formatDateTime(d.createdAt)}</td>
            <td>
              {isOwner ? (
                <button
                  type="button"
                  className="btn btn-small"
                  onClick={() => void redeliverEvent(d.eventId, d.endpointId ?? undefined)}
                >
                  Redeliver
                </button>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
