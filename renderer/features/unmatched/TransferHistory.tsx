import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { TransferDecision } from '../../../contract/chain';
import { formatAssetAmount, formatDateTime, shortHash } from '../../lib/format';
import { useConsoleStore } from '../../store';
import { selectHasLoadedTransferHistory, selectTransferHistory, selectUnmatchedActions } from './slice';
import { Empty } from '../../components/Empty';

const ACTION_LABEL: Record<TransferDecision['action'], string> = {
  attached: 'Attached',
  dismissed: 'Dismissed',
  undone: 'Dismissal undone',
};
const ACTION_TONE: Record<TransferDecision['action'], string> = {
  attached: 'paid',
  dismissed: 'expired',
  undone: 'pending',
};

/** Every decision on an unmatched transfer, newest first: what, why, who and when; the latest dismissal can be undone. */
export function TransferHistory() {
  const items = useConsoleStore(selectTransferHistory);
  const hasLoaded = useConsoleStore(selectHasLoadedTransferHistory);
  const { loadTransferHistory, restoreTransfer } = useConsoleStore(useShallow(selectUnmatchedActions));
  useEffect(() => {
    void loadTransferHistory();
  }, [loadTransferHistory]);
  if (hasLoaded && items.length === 0)
    return <Empty title="No decisions yet">Attached and dismissed transfers are listed here.</Empty>;
  return (
    <table className="table" data-testid="transfer-history">
      <thead>
        <tr>
          <th>Decision</th>
          <th>Transfer</th>
          <th>Reason or note</th>
          <th>By</th>
          <th>When</th>
          <th>
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((d) => (
          <tr key={d.seq} data-testid="decision" data-tx={d.transfer.txHash}>
            <td>
              <span className={`badge badge-${ACTION_TONE[d.action]}`}>{ACTION_LABEL[d.action]}</span>
              {d.paymentId ? (
                <>
                  {' '}
                  to{' '}
                  <a href={`#/payment/${d.paymentId}`}>
                    <code>{d.paymentId.slice(0, 12)}…</code>
                  </a>
                </>
              ) : null}
            </td>
            <td>
              {formatAssetAmount(d.transfer.amount, d.transfer.asset)} · <code>{shortHash(d.transfer.txHash)}</code>
            </td>
            <td>{d.note}</td>
            <td>{d.actor}</td>
            <td>{formatDateTime(d.at)}</td>
            <td>
              {d.undoable ? (
                <button type="button" className="btn btn-small" onClick={() => void restoreTransfer(d.transfer.txHash)}>
                  Undo
                </button>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
