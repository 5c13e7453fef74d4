import { useState, type FormEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { SIMULATED_REFUND_CASES, type PublicRefund } from '../../../contract/refunds';
import { formatAssetAmount, formatTime } from '../../lib/format';
import { useConsoleStore } from '../../store';
import { REFUND_STATE_LABEL } from '../refunds/RefundTable';
import { selectRefunds } from '../refunds/slice';
import {
  selectRefundSimulations,
  selectSendingRefundId,
  selectSimulatorActions,
  type SimulatedRefundCase,
} from './slice';
import './simulator.css';

const CASE_LABEL: Record<SimulatedRefundCase, string> = {
  exact: 'Exactly as asked',
  short: 'One base unit short (not taken as the refund)',
  'wrong-memo': 'With another comment (not taken as the refund)',
  bounce: 'Exactly, then bounced back by the recipient',
};

/** The waiting refunds of the payment last opened, each one click from the id field. */
function WaitingRefunds({ refunds, onChoose }: { refunds: readonly PublicRefund[]; onChoose(id: string): void }) {
  if (refunds.length === 0) return null;
  return (
    <ul className="refund-waiting-list" aria-label="Waiting refunds of the payment last opened">
      {refunds.map((r) => (
        <li key={r.id}>
          {formatAssetAmount(r.amount, r.asset)} · <code>{r.id}</code>
          <button type="button" className="btn btn-small" onClick={() => onChoose(r.id)}>
            Choose
          </button>
        </li>
      ))}
    </ul>
  );
}

/** What the sandbox wallet sent, newest first, and the state each refund was left in. */
function RefundSimulationLog() {
  const results = useConsoleStore(selectRefundSimulations);
  if (results.length === 0) return null;
  return (
    <ol className="sim-log" aria-live="polite" data-testid="refund-simulations">
      {results.map((s) => (
        <li key={`${s.at}-${s.refund.id}`}>
          <span className="muted">{formatTime(s.at)}</span> <strong>{s.case}</strong>{' '}
          {`refund ${s.refund.id} → ${REFUND_STATE_LABEL[s.refund.status]}`} ·{' '}
          <a href={`#/payment/${s.refund.paymentId}`}>open its payment</a>
        </li>
      ))}
    </ol>
  );
}

/**
 * The store's wallet app, played by the sandbox wallet: sends a waiting refund, as
 * `npm run simulate -- refund <id>` does. The refunds of the payment last opened are offered;
 * any other is named by the id its payment's page shows.
 */
export function RefundSimulator() {
  const waiting = useConsoleStore(selectRefunds).filter((r) => r.status === 'awaiting_signature');
  const sendingId = useConsoleStore(selectSendingRefundId);
  const { sendRefundFromSandbox } = useConsoleStore(useShallow(selectSimulatorActions));
  const [refundId, setRefundId] = useState('');
  const [kind, setKind] = useState<SimulatedRefundCase>('exact');
  const chosen = refundId.trim();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (chosen) void sendRefundFromSandbox(chosen, kind);
  };
  return (
    <section className="card" aria-labelledby="sim-refund-title">
      <h2 id="sim-refund-title">Send a refund from the store's wallet</h2>
      <WaitingRefunds refunds={waiting} onChoose={setRefundId} />
      <form className="form" onSubmit={submit} aria-label="Send a refund">
        <label htmlFor="sim-refund-id">
          Refund id <span className="muted">(beside the refund’s QR code, on its payment’s page)</span>
        </label>
        <input
          id="sim-refund-id"
          value={refundId}
          onChange={(e) => setRefundId(e.target.value)}
          placeholder="rfd_…"
          autoComplete="off"
        />
        <label htmlFor="sim-refund-case">How the wallet sends it</label>
        <select id="sim-refund-case" value={kind} onChange={(e) => setKind(e.target.value as SimulatedRefundCase)}>
          {SIMULATED_REFUND_CASES.map((c) => (
            <option key={c} value={c}>
              {CASE_LABEL[c]}
            </option>
          ))}
        </select>
        <p className="actions">
          <button type="submit" className="btn btn-primary" disabled={!chosen || sendingId !== null}>
            {sendingId ? 'Sending…' : 'Send from the sandbox wallet'}
          </button>
        </p>
      </form>
      <RefundSimulationLog />
    </section>
  );
}
