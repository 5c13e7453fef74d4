import type { PublicRefund, RefundStatus } from '../../../contract/refunds';
import { formatAssetAmount, formatDateTime, shortHash } from '../../lib/format';
import { ExplorerLinked } from './ExplorerLinked';
import './refunds.css';

export const REFUND_STATE_LABEL: Record<RefundStatus, string> = {
  awaiting_signature: 'Waiting for your wallet',
  sent: 'Sent',
  failed: 'Bounced back',
  cancelled: 'Cancelled',
};

/** A payment's refunds, oldest first; on a phone each is a card of labelled lines. */
export function RefundTable({ refunds }: { refunds: readonly PublicRefund[] }) {
  return (
    <table className="table stacked-table">
      <thead>
        <tr>
          <th>Amount</th>
          <th>State</th>
          <th>To</th>
          <th>Reason</th>
          <th>Asked</th>
          <th>Transaction</th>
        </tr>
      </thead>
      <tbody>
        {refunds.map((r) => (
          <tr key={r.id} data-testid="refund-row">
            <td className="num" data-label="Amount">
              {formatAssetAmount(r.amount, r.asset)}
            </td>
            <td data-label="State">
              <span className={`badge badge-refund-${r.status}`}>{REFUND_STATE_LABEL[r.status]}</span>
            </td>
            <td className="truncate" data-label="To">
              <ExplorerLinked kind="address" value={r.destination} label={r.destination} />
            </td>
            <td data-label="Reason">{r.reason ?? '—'}</td>
            <td data-label="Asked">{formatDateTime(r.createdAt)}</td>
            <td data-label="Transaction">
              {r.txHash ? <ExplorerLinked kind="transaction" value={r.txHash} label={shortHash(r.txHash)} /> : '—'}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
