import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useInterval } from '../../hooks/useInterval';
import { describeBooks } from '../chain/describe-watcher';
import { useConsoleStore } from '../../store';
import { selectBooks, selectDashboardActions, selectIsCheckingBooks, selectWatcher } from './slice';

const KIND_LABEL = { in: 'transfer in', sent: 'sent from the wallet', returned: 'came back bounced' } as const;

/** The ledger against the jetton wallet on chain: the last verdict, a check on demand, and what explains a difference. */
export function BooksCard() {
  const watcher = useConsoleStore(selectWatcher);
  const checkedHere = useConsoleStore(selectBooks);
  const isChecking = useConsoleStore(selectIsCheckingBooks);
  const { checkBooks } = useConsoleStore(useShallow(selectDashboardActions));
  const [now, setNow] = useState(() => Date.now());
  useInterval(() => setNow(Date.now()), 1_000);
  if (!watcher) return null;
  // the check made from this console carries its explanation; the watcher status only the verdict
  const verdict = checkedHere ?? watcher.books ?? null;
  const words = describeBooks(verdict, now);
  const unrecorded = checkedHere && checkedHere.difference !== '0.00' ? checkedHere.unrecorded : [];
  return (
    <section className="card" aria-labelledby="books-title">
      <h2 id="books-title">Books</h2>
      <p
        className={`health health-${words.tone}`}
        data-testid="books-health"
        role={words.tone === 'bad' ? 'alert' : 'status'}
      >
        <span className="dot" aria-hidden="true" />
        <span>
          {words.headline} <span className="health-detail">— {words.detail}</span>
        </span>
      </p>
      {unrecorded.length > 0 ? (
        <>
          <p className="muted">On chain but not in the ledger:</p>
          <ul className="unrecorded" data-testid="books-unrecorded">
            {unrecorded.map((m) => (
              <li key={m.txHash}>
                <code title={m.txHash}>{m.txHash.slice(0, 12)}…</code> {m.effect} USDT, {KIND_LABEL[m.kind]}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <button
        type="button"
        className="btn"
        onClick={() => void checkBooks()}
        disabled={isChecking}
        data-testid="check-books"
      >
        {isChecking ? 'Checking…' : 'Check now'}
      </button>
    </section>
  );
}
