import { useEffect, useId, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { PaymentRowView } from '../../../contract/console';
import { formatAssetAmount, STATUS_LABEL } from '../../lib/format';
import { useConsoleStore } from '../../store';
import { selectAttachSearch, selectUnmatchedActions } from './slice';

const PAYMENT_ID = /^pay_[0-9A-Za-z]{22}$/;
/** Typing pauses this long before the payments are searched, so each keystroke is not a request. */
const SEARCH_PAUSE_MS = 250;

function Match({ p, chosen, onChoose }: { p: PaymentRowView; chosen: boolean; onChoose(): void }) {
  return (
    <li className={`attach-match${chosen ? ' attach-match-chosen' : ''}`} data-testid="attach-match">
      <button type="button" className="btn btn-small" aria-pressed={chosen} onClick={onChoose}>
        {chosen ? 'Chosen' : 'Choose'}
      </button>
      <span>
        <code>{p.id}</code>
        {p.externalId ? <span className="attach-ref"> · {p.externalId}</span> : null}
        <span className="muted small">
          {' '}
          · {formatAssetAmount(p.amount, p.currency)} · {STATUS_LABEL[p.status]} · memo <code>{p.memo}</code>
          {p.description ? ` · ${p.description}` : ''}
        </span>
      </span>
    </li>
  );
}

/** "Attach to payment": find the payment by any part of its order reference, memo or id, choose it, credit it. */
export function AttachForm({ txHash, onDismiss }: { txHash: string; onDismiss?: (() => void) | undefined }) {
  const { findAttachCandidates, creditTransfer } = useConsoleStore(useShallow(selectUnmatchedActions));
  const search = useConsoleStore(selectAttachSearch(txHash));
  const [query, setQuery] = useState('');
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const id = useId();
  useEffect(() => {
    const timer = setTimeout(() => void findAttachCandidates(txHash, query), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [txHash, query, findAttachCandidates]);
  const typed = query.trim();
  const answered = search && !search.isSearching && search.query === query ? search : null;
  const notFound = typed !== '' && answered !== null && answered.matches.length === 0;
  // A whole payment id typed or pasted needs no choosing; the server refuses an unknown one by name.
  const target = chosenId ?? (PAYMENT_ID.test(typed) ? typed : null);
  return (
    <form
      className="inline-form attach-form"
      aria-label="Attach to a payment"
      onSubmit={(e) => {
        e.preventDefault();
        if (target) creditTransfer(txHash, target, note);
      }}
    >
      <label>
        <span>Attach to payment</span>
        <input
          type="search"
          placeholder="Order reference, comment or pay_…"
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setChosenId(null);
          }}
          aria-invalid={notFound}
          aria-describedby={`${id}-found`}
        />
      </label>
      <label>
        <span>Note</span>
        <input placeholder="Customer forgot the comment" value={note} onChange={(e) => setNote(e.target.value)} />
      </label>
      <button type="submit" className="btn btn-primary" disabled={!target}>
        Attach
      </button>
      {onDismiss ? (
        <button type="button" className="btn btn-ghost" onClick={onDismiss}>
          Dismiss…
        </button>
      ) : null}
      <div id={`${id}-found`} className="attach-found" role="status">
        {notFound ? (
          <p className="field-error">No payment with reference or id containing ‘{typed}’</p>
        ) : answered && answered.matches.length > 0 && !PAYMENT_ID.test(typed) ? (
          <>
            <p className="muted small">
              {answered.matches.length === 1 ? 'One payment matches' : `${answered.matches.length} payments match`}:
              choose the one this transfer was meant for.
            </p>
            <ul className="attach-matches">
              {answered.matches.map((p) => (
                <Match key={p.id} p={p} chosen={chosenId === p.id} onChoose={() => setChosenId(p.id)} />
              ))}
            </ul>
          </>
        ) : null}
      </div>
    </form>
  );
}
