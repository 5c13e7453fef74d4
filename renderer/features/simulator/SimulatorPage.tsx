import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { formatAmount, parseAmount } from '../../../contract/amount';
import type { AssetCode } from '../../../contract/asset';
import type { SimulationCase } from '../../../contract/chain';
import { Empty } from '../../components/Empty';
import { PageHeader } from '../../components/PageHeader';
import { StatusBadge } from '../payments/StatusBadge';
import { formatAssetAmount, formatFigure, formatTime } from '../../lib/format';
import { useConsoleStore } from '../../store';
import { selectChainMode } from '../dashboard/slice';
import { selectIsSimulating, selectOpenPayments, selectSimulations, selectSimulatorActions } from './slice';
import { selectRouteParam } from '../../store/ui-slice';
import { RefundSimulator } from './RefundSimulator';

type Case = readonly [SimulationCase, string, string];

const MAX_UNITS = 2n ** 62n;

const COMMON_CASES: readonly Case[] = [
  ['exact', 'Exact', 'The amount due, with the comment'],
  ['short', 'Partial', 'One base unit short (or the amount you enter)'],
  ['exact', 'Over', 'More than due: the payment records an overpayment'],
  ['no-comment', 'No comment', 'Right amount, no memo: lands in the unmatched inbox'],
];

/** A payment's cases: a jetton transfer has a forward payload and look-alike tokens, a plain Toncoin transfer has neither. */
const CASES: Record<AssetCode, readonly Case[]> = {
  USDT: [
    ...COMMON_CASES,
    ['fake-jetton', 'Fake jetton', 'A look-alike token: must never be credited'],
    ['zero-forward', 'Zero forward TON', 'Sent with forward_ton_amount = 0: still credited'],
    ['comment-in-ref', 'Comment in ref', 'The comment in a reference cell'],
  ],
  TON: [
    ...COMMON_CASES,
    ['bounced', 'Bounced', 'Marked bounced with the memo: one of our own sends coming back, never credited'],
  ],
};

/** What is due plus one whole unit of the payment's asset, computed in base units: an overpayment. */
function overpaying(p: { amount: string; paidAmount: string; currency: AssetCode }): string {
  // the service writes valid amounts: the one it refuses to parse is zero ("0.00" paid so far)
  const units = (text: string) => {
    const parsed = parseAmount(text, MAX_UNITS, p.currency);
    return parsed.ok ? parsed.value : 0n;
  };
  const due = units(p.amount) - units(p.paidAmount);
  return formatAmount((due > 0n ? due : 0n) + units('1'), p.currency);
}

export function SimulatorPage() {
  const mode = useConsoleStore(selectChainMode);
  const preselected = useConsoleStore(selectRouteParam);
  const open = useConsoleStore(selectOpenPayments);
  const simulations = useConsoleStore(selectSimulations);
  const isSimulating = useConsoleStore(selectIsSimulating);
  const { loadOpenPayments, simulate } = useConsoleStore(useShallow(selectSimulatorActions));
  const [paymentId, setPaymentId] = useState(preselected ?? '');
  const [amount, setAmount] = useState('');
  useEffect(() => {
    void loadOpenPayments();
  }, [loadOpenPayments]);
  useEffect(() => {
    if (!paymentId && open[0]) setPaymentId(open[0].id);
  }, [open, paymentId]);
  const selected = open.find((p) => p.id === paymentId);

  if (mode && mode !== 'sandbox') {
    return (
      <>
        <PageHeader title="Simulator" />
        <Empty title="The simulator runs only in sandbox mode">
          Switch the chain mode in Settings to try payments offline.
        </Empty>
      </>
    );
  }
  const run = (kind: SimulationCase, label: string) => {
    const over = label === 'Over' && selected ? overpaying(selected) : undefined;
    void simulate(paymentId, kind, amount.trim() || over);
  };
  return (
    <>
      <PageHeader title="Simulator" />
      <p className="muted lead">
        Sends real emulated transfers on the in-process sandbox chain and shows what the service concluded.
      </p>
      <div className="grid-2">
        {open.length === 0 ? (
          <section className="card">
            <Empty title="No open payment to pay">
              <a href="#/invoice">Create an invoice</a> first.
            </Empty>
          </section>
        ) : (
          <section className="card form" aria-labelledby="sim-title">
            <h2 id="sim-title">Send a transfer</h2>
            <label htmlFor="sim-payment">Payment</label>
            <select id="sim-payment" value={paymentId} onChange={(e) => setPaymentId(e.target.value)}>
              {open.map((p) => (
                <option key={p.id} value={p.id}>
                  {formatAssetAmount(p.amount, p.currency)} · {p.externalId ?? p.memo} · {p.status.replace('_', ' ')}
                </option>
              ))}
            </select>
            <label htmlFor="sim-amount">
              Amount <span className="muted">(optional; default: what is due)</span>
            </label>
            <input
              id="sim-amount"
              inputMode="decimal"
              placeholder={selected ? `${selected.amount}` : ''}
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
            />
            <div className="case-grid">
              {CASES[selected?.currency ?? 'USDT'].map(([kind, label, hint]) => (
                <button
                  key={label}
                  type="button"
                  className="btn case"
                  disabled={isSimulating || !paymentId}
                  onClick={() => run(kind, label)}
                  title={hint}
                >
                  <strong>{label}</strong>
                  <span className="muted">{hint}</span>
                </button>
              ))}
            </div>
          </section>
        )}
        <section className="card" aria-labelledby="sim-results">
          <h2 id="sim-results">What happened</h2>
          {simulations.length === 0 ? (
            <p className="muted">Results appear here.</p>
          ) : (
            <ol className="sim-log" aria-live="polite">
              {simulations.map((s) => (
                <li key={`${s.at}-${s.txHashes[0] ?? ''}`}>
                  <span className="muted">{formatTime(s.at)}</span> <strong>{s.case}</strong> →{' '}
                  <StatusBadge status={s.payment.status} late={s.payment.late} /> paid{' '}
                  {formatFigure(s.payment.paidAmount)} / {formatAssetAmount(s.payment.amount, s.payment.currency)} ·{' '}
                  <a href={`#/payment/${s.paymentId}`}>open</a>
                </li>
              ))}
            </ol>
          )}
        </section>
        <RefundSimulator />
      </div>
    </>
  );
}
