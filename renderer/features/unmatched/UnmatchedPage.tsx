import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { Empty } from '../../components/Empty';
import { InboxTransferCard } from './InboxTransferCard';
import { PageHeader } from '../../components/PageHeader';
import { OutgoingTransfers } from '../refunds/OutgoingTransfers';
import { TransferHistory } from './TransferHistory';
import { useConsoleStore } from '../../store';
import { selectHasLoadedUnmatched, selectUnmatched, selectUnmatchedActions, selectUnmatchedQuery } from './slice';

type Tab = 'inbox' | 'history' | 'sent';

function Inbox() {
  const items = useConsoleStore(selectUnmatched);
  const hasLoaded = useConsoleStore(selectHasLoadedUnmatched);
  const query = useConsoleStore(selectUnmatchedQuery);
  const { setUnmatchedQuery } = useConsoleStore(useShallow(selectUnmatchedActions));
  return (
    <>
      <label className="filter inbox-search">
        <span>Search</span>
        <input
          type="search"
          aria-label="Search the inbox"
          placeholder="Amount, comment, sender or customer email"
          value={query}
          onChange={(e) => setUnmatchedQuery(e.target.value)}
        />
      </label>
      {hasLoaded && items.length === 0 ? (
        query ? (
          <Empty title="No transfer matches">Nothing in the inbox matches “{query}”.</Empty>
        ) : (
          <Empty title="Inbox zero">Every incoming transfer matched a payment.</Empty>
        )
      ) : (
        <ul className="transfers" aria-live="polite">
          {items.map((t) => (
            <InboxTransferCard key={t.txHash} t={t} />
          ))}
        </ul>
      )}
    </>
  );
}

export function UnmatchedPage() {
  const { loadUnmatched } = useConsoleStore(useShallow(selectUnmatchedActions));
  const [tab, setTab] = useState<Tab>('inbox');
  useEffect(() => {
    if (tab === 'inbox') void loadUnmatched();
  }, [tab, loadUnmatched]);
  const tabButton = (id: Tab, label: string) => (
    <button
      type="button"
      role="tab"
      id={`inbox-tab-${id}`}
      aria-selected={tab === id}
      aria-controls="inbox-panel"
      className={`tab${tab === id ? ' tab-active' : ''}`}
      onClick={() => setTab(id)}
    >
      {label}
    </button>
  );
  return (
    <>
      <PageHeader title="Unmatched transfers">
        <button type="button" className="btn" onClick={() => void loadUnmatched()}>
          Refresh
        </button>
      </PageHeader>
      <p className="muted lead">
        Transfers to your wallet whose comment matched no payment. Credit each to the payment it was meant for, or
        dismiss it with a reason (for a refund handled elsewhere). Every decision is kept, and a dismissal can be
        undone.
      </p>
      <div role="tablist" aria-label="Inbox views" className="tabs">
        {tabButton('inbox', 'Inbox')}
        {tabButton('history', 'History')}
        {tabButton('sent', 'Sent from the wallet')}
      </div>
      <div role="tabpanel" id="inbox-panel" aria-labelledby={`inbox-tab-${tab}`}>
        {tab === 'inbox' ? <Inbox /> : tab === 'history' ? <TransferHistory /> : <OutgoingTransfers />}
      </div>
    </>
  );
}
