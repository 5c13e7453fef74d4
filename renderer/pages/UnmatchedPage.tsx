import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { UnmatchedTransfer } from '../../contract/chain';
import { Empty } from '../components/Empty';
import { PageHeader } from '../components/Layout';
import { formatDateTime, formatUsdt, shortHash } from '../lib/format';
import { useConsoleStore } from '../store';
import { selectHasLoadedUnmatched, selectUnmatched, selectUnmatchedActions } from '../store/slices/unmatched';

function TransferCard({ t }: { t: UnmatchedTransfer }) {
  const { attachTransfer, dismissTransfer } = useConsoleStore(useShallow(selectUnmatchedActions));
  const [paymentId, setPaymentId] = useState('');
  const [note, setNote] = useState('');
  const valid = /^pay_[0-9A-Za-z]{22}$/.test(paymentId.trim());
  return (
    <li className="card transfer" data-testid="unmatched-transfer">
      <div className="transfer-head">
        <p className="strong">{formatUsdt(t.amount)} USDT</p>
        <p className="muted">{formatDateTime(t.at)} · tx <code>{shortHash(t.txHash)}</code></p>
      </div>
      <dl className="facts">
        <dt>Comment</dt><dd>{t.comment ? <code>{t.comment}</code> : <span className="muted">none</span>}</dd>
        <dt>From</dt><dd><code className="wrap">{t.from ?? '—'}</code></dd>
      </dl>
      <form className="inline-form" onSubmit={(e) => { e.preventDefault(); if (valid) void attachTransfer(t.txHash, paymentId, note); }}>
        <label>
          <span>Attach to payment</span>
          <input placeholder="pay_…" value={paymentId} onChange={(e) => setPaymentId(e.target.value)} aria-invalid={paymentId !== '' && !valid} />
        </label>
        <label>
          <span>Note</span>
          <input placeholder="Customer forgot the memo" value={note} onChange={(e) => setNote(e.target.value)} />
        </label>
        <button type="submit" className="btn btn-primary" disabled={!valid}>Attach</button>
        <button type="button" className="btn btn-ghost" onClick={() => void dismissTransfer(t.txHash, note)}>Dismiss</button>
      </form>
    </li>
  );
}

export function UnmatchedPage() {
  const items = useConsoleStore(selectUnmatched);
  const hasLoaded = useConsoleStore(selectHasLoadedUnmatched);
  const { loadUnmatched } = useConsoleStore(useShallow(selectUnmatchedActions));
  useEffect(() => {
    void loadUnmatched();
  }, [loadUnmatched]);
  return (
    <>
      <PageHeader title="Unmatched transfers">
        <button type="button" className="btn" onClick={() => void loadUnmatched()}>Refresh</button>
      </PageHeader>
      <p className="muted lead">Transfers to your wallet whose comment matched no payment. Attach each to the payment it was meant for, or dismiss it (for a refund handled elsewhere). Every decision is kept.</p>
      {hasLoaded && items.length === 0 ? <Empty title="Inbox zero">Every incoming transfer matched a payment.</Empty> : (
        <ul className="transfers">{items.map((t) => <TransferCard key={t.txHash} t={t} />)}</ul>
      )}
    </>
  );
}
