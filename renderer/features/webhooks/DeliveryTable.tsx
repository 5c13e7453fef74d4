import { useShallow } from 'zustand/react/shallow';
import type { WebhookDeliveryView as Delivery } from '../../../contract/webhooks';
import { formatDateTime } from '../../lib/format';
import { useConsoleStore } from '../../store';
import { selectIsOwner } from '../staff/slice';
import { selectWebhooksActions } from './slice';
import { DeliveryStateBadge, LastResponse, redeliverLabel, useNow } from './DeliveryState';

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
  const { showDelivery, redeliverDelivery } = useConsoleStore(useShallow(selectWebhooksActions));
  // redelivering is the owner's; a cashier reads the log
  const isOwner = useConsoleStore(selectIsOwner);
  const now = useNow();
  return (
    <table className="table deliveries stack-on-phone" data-testid={testId}>
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
            <td data-label="State">
              <DeliveryStateBadge delivery={d} now={now} />
            </td>
            <td className="num" data-label="Attempts" data-testid="delivery-attempts">
              {d.attempts}
            </td>
            <td data-label="Last response">
              <LastResponse delivery={d} />
            </td>
            {detailed ? (
              <td data-label="Payment">
                {d.paymentId ? (
                  <a href={`#/payment/${d.paymentId}`}>
                    <code>{d.paymentId.slice(0, 12)}…</code>
                  </a>
                ) : (
                  '—'
                )}
              </td>
            ) : null}
            <td className="truncate" data-label={detailed ? 'URL' : 'Endpoint'}>
              <code>{d.url}</code>
              {d.endpointId === null ? <span className="muted small"> (callback)</span> : null}
            </td>
            <td data-label="Created">{formatDateTime(d.createdAt)}</td>
            <td className="row-end">
              {isOwner ? (
                <button type="button" className="btn btn-small" onClick={() => void redeliverDelivery(d.id)}>
                  {redeliverLabel(d)}
                </button>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
