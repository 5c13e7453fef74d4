import type { PaymentStatus } from '../../../contract/payments';
import { STATUS_LABEL } from '../../lib/format';

export function StatusBadge({ status, late = false }: { status: PaymentStatus; late?: boolean }) {
  return (
    <span className={`badge badge-${status}`}>
      {STATUS_LABEL[status]}
      {late ? ' · late' : ''}
    </span>
  );
}
