import { useShallow } from 'zustand/react/shallow';
import type { WebhookDeliveryView as Delivery } from '../../contract/webhooks';
import { formatDateTime } from '../lib/format';
import { useConsoleStore } from '../store';
import { selectPaymentsActions } from '../store/slices/payments';
import { selectWebhooksActions } from '../store/slices/webhooks';
import { DeliveryBadge } from './StatusBadge';

/** Webhook deliveries with their attempts dialog and redelivery; the log adds the payment and last error. */
export function DeliveryTable({ deliveries, testId, detailed }: { deliveries: readonly Delivery[]; testId: string; detailed: boolean }) {
  const { showDelivery } = useConsoleStore(useShallow(selectWebhooksActions));
  const { redeliverEvent } = useConsoleStore(useShallow(selectPaymentsActions));
  return (
    <table className="table" data-testid={testId}>
      <thead>
        <tr>
          <th>Event</th><th>Status</th><th>Attempts</th>{detailed ? <th>Payment</th> : null}<th>{detailed ? 'URL' : 'Endpoint'}</th><th>Created</th>
          <th><span className="sr-only">Actions</span></th>
        </tr>
      </thead>
      <tbody>
        {deliveries.map((d) => (
          <tr key={d.id}>
            <td><button type="button" className="link" onClick={() => void showDelivery(d.id)}>{d.eventType}</button></td>
            <td><DeliveryBadge status={d.status} code={d.lastStatusCode} />{detailed && d.lastError ? <span className="error-text small"> {d.lastError}</span> : null}</td>
            <td className="num">{d.attempts}</td>
            {detailed ? <td>{d.paymentId ? <a href={`#/payment/${d.paymentId}`}><code>{d.paymentId.slice(0, 12)}…</code></a> : '—'}</td> : null}
            <td className="truncate"><code>{d.url}</code></td>
            <td>{formatDateTime(d.createdAt)}</td>
            <td><button type="button" className="btn btn-small" onClick={() => void redeliverEvent(d.eventId, d.endpointId ?? undefined)}>Redeliver</button></td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
