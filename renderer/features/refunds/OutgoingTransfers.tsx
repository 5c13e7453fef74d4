import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { formatAssetAmount, formatDateTime, shortHash } from '../../lib/format';
import { useConsoleStore } from '../../store';
import { selectOutgoing, selectRefundActions } from './slice';
import { Empty, Skeleton } from '../../components/Empty';
import { ExplorerLinked } from './ExplorerLinked';
import './refunds.css';

/**
 * What the store's wallet sent, and what came back: each send a refund explains links to its payment;
 * the others (a withdrawal, a refund sent with another amount or comment) say so.
 */
export function OutgoingTransfers() {
  const outgoing = useConsoleStore(selectOutgoing);
  const { loadOutgoing } = useConsoleStore(useShallow(selectRefundActions));
  useEffect(() => {
    void loadOutgoing();
  }, [loadOutgoing]);
  if (!outgoing) return <Skeleton lines={4} />;
  if (outgoing.length === 0)
    return <Empty title="Nothing sent yet">The store's wallet has sent nothing since TonTill began watching it.</Empty>;
  return (
    <table className="table stacked-table" data-testid="outgoing">
      <thead>
        <tr>
          <th>Amount</th>
          <th>What</th>
          <th>To / from</th>
          <th>Comment</th>
          <th>When</th>
          <th>Transaction</th>
        </tr>
      </thead>
      <tbody>
        {outgoing.map((t) => (
          <tr key={t.txHash} data-testid="outgoing-row">
            <td className="num" data-label="Amount">
              {t.kind === 'sent' ? '−' : '+'}
              {formatAssetAmount(t.amount, t.asset)}
            </td>
            <td data-label="What">
              {t.kind === 'returned' ? (
                'Came back bounced'
              ) : t.refund ? (
                <a href={`#/payment/${t.refund.paymentId}`}>Refund</a>
              ) : (
                <span
                  className="badge badge-partially_paid"
                  title="No refund of TonTill explains it: a withdrawal, or a refund sent with another amount or comment"
                >
                  No refund explains it
                </span>
              )}
            </td>
            <td className="truncate" data-label="To / from">
              {t.counterparty ? <ExplorerLinked kind="address" value={t.counterparty} label={t.counterparty} /> : '—'}
            </td>
            <td data-label="Comment">
              <code>{t.comment ?? '—'}</code>
            </td>
            <td data-label="When">{formatDateTime(t.at)}</td>
            <td data-label="Transaction">
              <ExplorerLinked kind="transaction" value={t.txHash} label={shortHash(t.txHash)} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
