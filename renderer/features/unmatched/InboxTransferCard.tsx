import { useId, useState, type FormEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { InboxTransfer, SuggestedPayment } from '../../../contract/chain';
import { formatDateTime, formatUsdt, shortHash } from '../../lib/format';
import { useConsoleStore } from '../../store';
import { selectUnmatchedActions } from './slice';

const SUGGESTED_NOTE = 'suggested: same amount, nearest in time';
const STATE_LABEL: Record<SuggestedPayment['status'], string> = {
  pending: 'open',
  partially_paid: 'partly paid',
  expired: 'expired',
};

function Suggestion({ txHash, p }: { txHash: string; p: SuggestedPayment }) {
  const { attachTransfer } = useConsoleStore(useShallow(selectUnmatchedActions));
  return (
    <li className="suggestion" data-testid="suggestion">
      <div>
        <a href={`#/payment/${p.id}`}>
          <code>{p.id}</code>
        </a>
        <span className={`badge badge-${p.status}`}>{STATE_LABEL[p.status]}</span>
        <p className="muted small">
          {formatUsdt(p.dueAmount)} USDT due · created {formatDateTime(p.createdAt)}
          {p.externalId ? ` · ${p.externalId}` : ''}
          {p.customerEmail ? ` · ${p.customerEmail}` : ''}
          {p.description ? ` · ${p.description}` : ''}
        </p>
      </div>
      <button
        type="button"
        className="btn btn-primary btn-small"
        aria-label={`Credit this transfer to ${p.id}`}
        onClick={() => void attachTransfer(txHash, p.id, SUGGESTED_NOTE)}
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

export function InboxTransferCard({ t }: { t: InboxTransfer }) {
  const { attachTransfer } = useConsoleStore(useShallow(selectUnmatchedActions));
  const [paymentId, setPaymentId] = useState('');
  const [note, setNote] = useState('');
  const [dismissing, setDismissing] = useState(false);
  const valid = /^pay_[0-9A-Za-z]{22}$/.test(paymentId.trim());
  return (
    <li className="card transfer" data-testid="unmatched-transfer" data-tx={t.txHash}>
      <div className="transfer-head">
        <p className="strong">{formatUsdt(t.amount)} USDT</p>
        <p className="muted">
          {formatDateTime(t.at)} · tx <code>{shortHash(t.txHash)}</code>
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
      <h3 className="small-head">Likely payments</h3>
      {t.suggestions.length === 0 ? (
        <p className="muted small">
          No open or recently expired payment is waiting for exactly {formatUsdt(t.amount)} USDT.
        </p>
      ) : (
        <ul className="suggestions">
          {t.suggestions.map((p) => (
            <Suggestion key={p.id} txHash={t.txHash} p={p} />
          ))}
        </ul>
      )}
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (valid) void attachTransfer(t.txHash, paymentId, note);
        }}
      >
        <label>
          <span>Attach to payment</span>
          <input
            placeholder="pay_…"
            value={paymentId}
            onChange={(e) => setPaymentId(e.target.value)}
            aria-invalid={paymentId !== '' && !valid}
          />
        </label>
        <label>
          <span>Note</span>
          <input placeholder="Customer forgot the memo" value={note} onChange={(e) => setNote(e.target.value)} />
        </label>
        <button type="submit" className="btn btn-primary" disabled={!valid}>
          Attach
        </button>
        {dismissing ? null : (
          <button type="button" className="btn btn-ghost" onClick={() => setDismissing(true)}>
            Dismiss…
          </button>
        )}
      </form>
      {dismissing ? <DismissForm txHash={t.txHash} onDone={() => setDismissing(false)} /> : null}
    </li>
  );
}
