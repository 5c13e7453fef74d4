import { useEffect, useState, type FormEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { PublicPayment } from '../../../contract/payments';
import { parseAmount } from '../../../contract/amount';
import { ASSETS, type AssetCode } from '../../../contract/asset';
import { REFUND_STATUSES_HOLDING, type PublicRefund, type RefundStatus } from '../../../contract/refunds';
import { formatAssetAmount, formatFigure, parseEnteredAmount } from '../../lib/format';
import { useConsoleStore } from '../../store';
import { selectRefundActions, selectRefundProblem, selectRefunds } from './slice';
import { AwaitingRefund } from './AwaitingRefund';
import { FiatRefundChoice, type RefundStatedIn } from './FiatRefundChoice';
import { RefundTable } from './RefundTable';

/** Base units of a decimal amount of `asset` from the service ("0.00" is none); exact, never through a float. */
const baseUnits = (decimal: string, asset: AssetCode): bigint => {
  const parsed = parseAmount(decimal, 10n ** BigInt(15 + ASSETS[asset].decimals), asset);
  return parsed.ok ? parsed.value : 0n;
};

/** "12,50" as the service's "12.50", as every amount field of the console reads it; anything else as typed, for the service to name. */
const enteredOrAsTyped = (text: string): string => {
  const entered = parseEnteredAmount(text);
  return entered.ok ? entered.amount : text.trim();
};

/** What can still be refunded: everything paid, less refunds sent or waiting to be. */
function refundable(payment: PublicPayment, refunds: readonly PublicRefund[]): bigint {
  const holding: readonly RefundStatus[] = REFUND_STATUSES_HOLDING;
  const held = refunds
    .filter((r) => holding.includes(r.status))
    .reduce((sum, r) => sum + BigInt(r.amountBaseUnits), 0n);
  return baseUnits(payment.paidAmount, payment.currency) - held;
}

function RefundForm({ payment, onDone }: { payment: PublicPayment; onDone: () => void }) {
  const problem = useConsoleStore(selectRefundProblem);
  const { createRefund } = useConsoleStore(useShallow(selectRefundActions));
  const suggested = payment.overpaidAmount !== '0.00' ? payment.overpaidAmount : '';
  const [amount, setAmount] = useState(suggested);
  const [reason, setReason] = useState('');
  const [destination, setDestination] = useState('');
  const [statedIn, setStatedIn] = useState<RefundStatedIn>('asset');
  const [fiatAmount, setFiatAmount] = useState('');
  const isFiatPriced = payment.quotes.some((q) => q.currency === payment.currency);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void createRefund(payment.id, {
      ...(statedIn !== 'asset'
        ? { fiat: { amount: enteredOrAsTyped(fiatAmount), basis: statedIn } }
        : amount.trim()
          ? { amount: enteredOrAsTyped(amount) }
          : {}),
      ...(reason.trim() ? { reason: reason.trim() } : {}),
      ...(destination.trim() ? { destination: destination.trim() } : {}),
    }).then((refund) => {
      if (refund) onDone();
    });
  };
  const fieldError = (field: string) =>
    problem && (problem.field === field || (field === 'form' && !problem.field)) ? (
      <p className="field-error" role="alert">
        {problem.message}
      </p>
    ) : null;
  return (
    <form className="form refund-form" onSubmit={submit} aria-label="New refund">
      {isFiatPriced ? (
        <FiatRefundChoice
          payment={payment}
          statedIn={statedIn}
          onStatedIn={setStatedIn}
          fiatAmount={fiatAmount}
          onFiatAmount={setFiatAmount}
        />
      ) : null}
      {fieldError('fiat')}
      {fieldError('fiat.amount')}
      {fieldError('currency')}
      {statedIn === 'asset' ? (
        <label>
          Amount ({ASSETS[payment.currency].symbol})
          <input
            name="amount"
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            placeholder={suggested ? undefined : 'everything paid and not yet refunded'}
            aria-invalid={problem?.field === 'amount'}
          />
        </label>
      ) : null}
      {fieldError('amount')}
      <label>
        Reason{' '}
        <input
          name="reason"
          value={reason}
          maxLength={500}
          onChange={(e) => setReason(e.target.value)}
          placeholder="optional"
        />
      </label>
      <label>
        Send to
        <input
          name="destination"
          value={destination}
          onChange={(e) => setDestination(e.target.value)}
          placeholder="the address that paid"
          aria-invalid={problem?.field === 'destination'}
        />
      </label>
      {fieldError('destination')}
      {fieldError('form')}
      <p className="actions">
        <button type="submit" className="btn btn-primary">
          Prepare refund
        </button>
      </p>
    </form>
  );
}

/** The payment detail's refunds: prepare one, sign it with the store's wallet, follow it until the watcher sees it leave. */
export function RefundPanel({ payment }: { payment: PublicPayment }) {
  const refunds = useConsoleStore(selectRefunds);
  const { loadRefunds, cancelRefund } = useConsoleStore(useShallow(selectRefundActions));
  const [isFormOpen, setFormOpen] = useState(false);
  // a refund changes the payment's record too (refundedAmount): reload them together
  useEffect(() => {
    void loadRefunds(payment.id);
  }, [payment.id, payment.updatedAt, loadRefunds]);
  const canRefund = refundable(payment, refunds) > 0n;
  return (
    <section className="card" aria-labelledby="refunds-title" data-testid="refunds">
      <h2 id="refunds-title">Refunds</h2>
      <p className="muted">
        Refunded {formatFigure(payment.refundedAmount)} of {formatAssetAmount(payment.paidAmount, payment.currency)}{' '}
        paid. TonTill holds no key: your wallet sends each refund.
      </p>
      {refunds.length > 0 ? <RefundTable refunds={refunds} /> : null}
      {refunds
        .filter((r) => r.status === 'awaiting_signature')
        .map((r) => (
          <AwaitingRefund key={r.id} refund={r} onCancel={() => void cancelRefund(payment.id, r.id)} />
        ))}
      {canRefund && !isFormOpen ? (
        <button type="button" className="btn" onClick={() => setFormOpen(true)}>
          Refund…
        </button>
      ) : null}
      {canRefund && isFormOpen ? <RefundForm payment={payment} onDone={() => setFormOpen(false)} /> : null}
    </section>
  );
}
