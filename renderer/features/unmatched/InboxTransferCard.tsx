import { useId, useState, type FormEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { InboxTransfer, SuggestedPayment } from '../../../contract/chain';
import { formatAssetAmount, formatDateTime, shortHash } from '../../lib/format';
import { useConsoleStore } from '../../store';
import { AttachForm } from './AttachForm';
import { ExplorerLinked } from '../refunds/ExplorerLinked';
import './unmatched.css';
import { CREDIT_UNDO_MS } from './pending-credit';
import { selectPendingCredit, selectUnmatchedActions } from './slice';

const SUGGESTED_NOTE = 'suggested: same amount, nearest in time';
const STATE_LABEL: Record<SuggestedPayment['status'], string> = {
  pending: 'open',
  partially_paid: 'partly paid',
  expired: 'expired',
};

/** A payment the transfer may belong to: always in the transfer's own asset (the service suggests no other). */
function Suggestion({ t, p }: { t: InboxTransfer; p: SuggestedPayment }) {
  const { txHash } = t;
  const { creditTransfer } = useConsoleStore(useShallow(selectUnmatchedActions));
  return (
    <li className="suggestion" data-testid="suggestion">
      <div>
        <a href={`#/payment/${p.id}`}>
          <code>{p.id}</code>
        </a>
        <span className={`badge badge-${p.status}`}>{STATE_LABEL[p.status]}</span>
        <p className="muted small">
          {formatAssetAmount(p.dueAmount, t.asset)} due · created {formatDateTime(p.createdAt)}
          {p.externalId ? ` · ${p.externalId}` : ''}
          {p.customerEmail ? ` · ${p.customerEmail}` : ''}
          {p.description ? ` · ${p.description}` : ''}
        </p>
      </div>
      <button
        type="button"
        className="btn btn-primary btn-small"
        aria-label={`Credit this transfer to ${p.id}`}
        onClick={() => creditTransfer(txHash, p.id, SUGGESTED_NOTE)}
      >
        Credit
      </button>
    </li>
  );
}

/** Dismissing is a decision an accountant must be able to explain later: the reason is required. */
function DismissForm({ txHash, onDone }: { txHash: string; onDone(): void }) {
  const { dismissTransfer } = useConsoleStore(useShallow(selectUnmatchedActions));
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) {
      setProblem('Give a reason: it is kept in the history (for example "refunded to the sender").');
      return;
    }
    if (await dismissTransfer(txHash, reason.trim())) onDone();
  };
  return (
    <form
      className="inline-form dismiss-form"
      aria-label="Dismiss this transfer"
      onSubmit={(e) => void submit(e)}
      noValidate
    >
      <label>
        <span>Reason</span>
        <input
          autoFocus
          value={reason}
          maxLength={500}
          placeholder="Refunded to the sender"
          aria-invalid={problem !== null}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(e) => {
            setReason(e.target.value);
            setProblem(null);
          }}
        />
      </label>
      <button type="submit" className="btn btn-danger">
        Dismiss transfer
      </button>
      <button type="button" className="btn btn-ghost" onClick={onDone}>
        Cancel
      </button>
      {problem ? (
        <p className="field-error" id={`${id}-problem`} role="alert">
          {problem}
        </p>
      ) : null}
    </form>
  );
}

/** A credit is final once sent (it may complete the payment and fire its webhook): until then it can be undone. */
function PendingCreditNotice({ txHash, paymentId }: { txHash: string; paymentId: string }) {
  const { undoCredit } = useConsoleStore(useShallow(selectUnmatchedActions));
  return (
    <div className="pending-credit" role="status" data-testid="pending-credit">
      <p>
        Crediting this transfer to <code>{paymentId}</code> in {CREDIT_UNDO_MS / 1000} seconds. Once sent it is final: a
        wrong credit is then put right with a refund.
      </p>
      <button type="button" className="btn" onClick={() => undoCredit(txHash)}>
        Undo
      </button>
    </div>
  );
}

export function InboxTransferCard({ t }: { t: InboxTransfer }) {
  const pending = useConsoleStore(selectPendingCredit(t.txHash));
  const [dismissing, setDismissing] = useState(false);
  return (
    <li className="card transfer" data-testid="unmatched-transfer" data-tx={t.txHash}>
      <div className="transfer-head">
        <p className="strong" data-testid="transfer-amount">
          {formatAssetAmount(t.amount, t.asset)}
        </p>
        <p className="muted">
          {formatDateTime(t.at)} · tx{' '}
          <ExplorerLinked kind="transaction" value={t.txHash} label={shortHash(t.txHash)} sandboxNote={false} />
        </p>
      </div>
      <dl className="facts">
        <dt>Comment</dt>
        <dd>{t.comment ? <code>{t.comment}</code> : <span className="muted">none</span>}</dd>
        <dt>From</dt>
        <dd>
          <code className="wrap">{t.from ?? '—'}</code>
        </dd>
      </dl>
      {pending ? (
        <PendingCreditNotice txHash={t.txHash} paymentId={pending.paymentId} />
      ) : (
        <>
          <h3 className="small-head">Likely payments</h3>
          {t.suggestions.length === 0 ? (
            <p className="muted small">
              No open or recently expired payment is waiting for exactly {formatAssetAmount(t.amount, t.asset)}.
            </p>
          ) : (
            <ul className="suggestions">
              {t.suggestions.map((p) => (
                <Suggestion key={p.id} t={t} p={p} />
              ))}
            </ul>
          )}
          <AttachForm txHash={t.txHash} onDismiss={dismissing ? undefined : () => setDismissing(true)} />
          {dismissing ? <DismissForm txHash={t.txHash} onDone={() => setDismissing(false)} /> : null}
        </>
      )}
    </li>
  );
}
