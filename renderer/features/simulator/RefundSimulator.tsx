import { useState, type FormEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { SIMULATED_REFUND_CASES } from '../../../contract/refunds';
import { formatTime, formatUsdt } from '../../lib/format';
import { useConsoleStore } from '../../store';
import { REFUND_STATE_LABEL } from '../refunds/RefundTable';
import { selectRefunds } from '../refunds/slice';
import {
  selectRefundSimulations,
  selectSendingRefundId,
  selectSimulatorActions,
  type SimulatedRefundCase,
} from './slice';

const CASE_LABEL: Record<SimulatedRefundCase, string> = {
  exact: 'Exactly as asked',
  short: 'One base unit short (not taken as the refund)',
  'wrong-memo': 'With another comment (not taken as the refund)',
  bounce: 'Exactly, then bounced back by the recipient',
};

/**
 * The store's wallet app, played by the sandbox wallet: sends a waiting refund, as
 * `npm run simulate -- refund <id>` does. The refunds of the payment last opened are offered;
 * any other is named by the id its payment's page shows.
 */
export function RefundSimulator() {
  const waiting = useConsoleStore(selectRefunds).filter((r) => r.status === 'awaiting_signature');
  const results = useConsoleStore(selectRefundSimulations);
  const sendingId = useConsoleStore(selectSendingRefundId);
  const { sendRefundFromSandbox } = useConsoleStore(useShallow(selectSimulatorActions));
  const [refundId, setRefundId] = useState('');
  const [kind, setKind] = useState<SimulatedRefundCase>('exact');
  const chosen = refundId.trim() || waiting[0]?.id || '';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (chosen) void sendRefundFromSandbox(chosen, kind);
  };
  return (
    <section className="card" aria-labelledby="sim-refund-title">
      <h2 id="sim-refund-title">Send a refund from the store's wallet</h2>
      <form className="form" onSubmit={submit} aria-label="Send a refund">
        <label htmlFor="sim-refund-id">Refund id</label>
        <input
          id="sim-refund-id"
          value={refundId}
          onChange={(e) => setRefundId(e.target.value)}
          placeholder={waiting[0]?.id ?? 'the id on the payment page, beside the refund’s QR code'}
          list="sim-refund-waiting"
          autoComplete="off"
        />
        <datalist id="sim-refund-waiting">
          {waiting.map((r) => (
            <option key={r.id} value={r.id}>
              {formatUsdt(r.amount)} USDT to {r.destination}
            </option>
          ))}
        </datalist>
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
      {results.length > 0 ? (
        <ol className="sim-log" aria-live="polite" data-testid="refund-simulations">
          {results.map((s) => (
            <li key={`${s.at}-${s.refund.id}`}>
              <span className="muted">{formatTime(s.at)}</span> <strong>{s.case}</strong>{' '}
              {`refund ${s.refund.id} → ${REFUND_STATE_LABEL[s.refund.status]}`} ·{' '}
              <a href={`#/payment/${s.refund.paymentId}`}>open its payment</a>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
