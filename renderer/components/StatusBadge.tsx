import type { PaymentStatus } from '../../contract/payments';
import type { DeliveryStatus } from '../../contract/webhooks';
import { STATUS_LABEL } from '../lib/format';

export function StatusBadge({ status, late = false }: { status: PaymentStatus; late?: boolean }) {
  return (
    <span className={`badge badge-${status}`}>
      {STATUS_LABEL[status]}
      {late ? ' · late' : ''}
    </span>
  );
}

export function DeliveryBadge({ status, code }: { status: DeliveryStatus; code: number | null }) {
  const tone = status === 'delivered' ? 'paid' : status === 'failed' ? 'expired' : 'pending';
  return <span className={`badge badge-${tone}`}>{status}{code !== null ? ` · ${code}` : ''}</span>;
}
