import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { ASSETS, type AssetCode } from '../../../contract/asset';
import type { ReconciliationView, WatcherStatusView } from '../../../contract/chain';
import { useInterval } from '../../hooks/useInterval';
import './books-card.css';
import { describeBooks } from '../chain/describe-watcher';
import { useConsoleStore } from '../../store';
import { selectBooks, selectDashboardActions, selectIsCheckingBooks, selectWatcher } from './slice';

const KIND_LABEL = { in: 'transfer in', sent: 'sent from the wallet', returned: 'came back bounced' } as const;

/** What the books of one asset say: the verdict this console asked for (with its explanation), else the watcher's last. */
interface AssetBooks {
  asset: AssetCode;
  verdict: WatcherStatusView['books'];
  checkedHere: ReconciliationView | undefined;
}

function assetBooksOf(
  watcher: WatcherStatusView,
  checked: Partial<Record<AssetCode, ReconciliationView>>,
): AssetBooks[] {
  const listed = watcher.assetBooks ?? [{ asset: 'USDT' as const, verdict: watcher.books ?? null }];
  return listed.map(({ asset, verdict }) => ({
    asset,
    verdict: checked[asset] ?? verdict,
    checkedHere: checked[asset],
  }));
}

/**
 * The ledger against the chain, a section per asset the store is paid in (never one figure adding
 * USDT to TON): USDT's jetton wallet balance, and the Toncoin the store wallet received. A check on
 * demand checks them all, and says what explains a difference.
 */
export function BooksCard() {
  const watcher = useConsoleStore(selectWatcher);
  const checked = useConsoleStore(selectBooks);
  const isChecking = useConsoleStore(selectIsCheckingBooks);
  const { checkBooks } = useConsoleStore(useShallow(selectDashboardActions));
  const [now, setNow] = useState(() => Date.now());
  useInterval(() => setNow(Date.now()), 1_000);
  if (!watcher) return null;
  const sections = assetBooksOf(watcher, checked);
  return (
    <section className="card" aria-labelledby="books-title">
      <h2 id="books-title">Books</h2>
      {sections.map((books) => (
        <AssetBooksSection key={books.asset} books={books} now={now} titled={sections.length > 1} />
      ))}
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

function AssetBooksSection({ books, now, titled }: { books: AssetBooks; now: number; titled: boolean }) {
  const { asset, verdict, checkedHere } = books;
  const { name, symbol } = ASSETS[asset];
  const words = describeBooks(verdict, now, asset);
  const unrecorded = checkedHere && checkedHere.difference !== '0.00' ? checkedHere.unrecorded : [];
  const explained = checkedHere?.explained?.length ?? 0;
  return (
    <div className="books-asset" data-testid={`books-${asset}`}>
      {titled ? <h3 className="books-asset-title">{name}</h3> : null}
      <p
        className={`health health-${words.tone}`}
        data-testid={`books-health-${asset}`}
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
          <ul className="unrecorded" data-testid={`books-unrecorded-${asset}`}>
            {unrecorded.map((m) => (
              <li key={m.txHash}>
                <code title={m.txHash}>{m.txHash.slice(0, 12)}…</code> {m.effect} {symbol}, {KIND_LABEL[m.kind]}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {explained > 0 ? (
        <p className="muted" data-testid={`books-explained-${asset}`}>
          {explained === 1 ? '1 other transaction' : `${explained} other transactions`} of the store wallet (its own
          sends, bounces and gas) explained, not counted.
        </p>
      ) : null}
    </div>
  );
}
