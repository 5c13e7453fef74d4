import type { PublicPayment as Payment } from '../../../contract/payments';
import { ASSETS } from '../../../contract/asset';
import { formatCountdown, formatFigure } from '../../lib/format';
import { isNonZero, type Outcome } from '../payments/payment-outcome';
import { PrintReceiptButton } from '../receipts/PrintReceiptButton';
import { TillPaymentQr } from './wallet-pay/TillPaymentQr';
import { TillPriceChoice } from './TillPriceChoice';
import { TillSaleLines, TillStore } from './TillSale';
import { useLeavePrompt } from './useLeavePrompt';

/** Minutes left in words, for screen readers: said once a minute, not every second. */
const minutesLeft = (ms: number): string => {
  const minutes = Math.ceil(ms / 60_000);
  return minutes <= 1 ? 'Less than a minute left to pay' : `${minutes} minutes left to pay`;
};

/** The QR's side: beside the text on a wide screen, above it on a phone, never pushing the status out of view. */
const qrSize = (): number =>
  innerWidth >= 900
    ? Math.min(innerHeight * 0.55, innerWidth * 0.32, 440)
    : Math.min(innerWidth * 0.62, innerHeight * 0.3, 300);

/** The customer's screen while the invoice can be paid: the store, what is bought, what to pay (or what is still to go), QR, memo, countdown. */
export function TillPayment({ invoice, now, onCancel }: { invoice: Payment; now: number; onCancel: () => void }) {
  useLeavePrompt();
  const left = Date.parse(invoice.expiresAt) - now;
  const partial = invoice.status === 'partially_paid' && isNonZero(invoice.paidAmount);
  return (
    <div className={`till-pay${partial ? ' till-pay-partial' : ''}`}>
      <TillStore />
      <TillSaleLines invoice={invoice} />
      <TillPriceChoice invoice={invoice} />
      <p className="till-title">{partial ? 'Scan to pay the rest' : 'Scan to pay'}</p>
      {partial ? (
        <>
          <p className="till-amount till-partial" data-testid="till-partial">
            <span className="till-received">{formatFigure(invoice.paidAmount)} received</span> —{' '}
            <span className="till-to-go">{formatFigure(invoice.dueAmount)} to go</span>
          </p>
          <p className="till-of">
            of {formatFigure(invoice.amount)} {ASSETS[invoice.currency].symbol}
          </p>
        </>
      ) : (
        <p className="till-amount">
          {formatFigure(invoice.amount)} <small>{ASSETS[invoice.currency].symbol}</small>
        </p>
      )}
      <TillPaymentQr invoice={invoice} size={qrSize()} />
      <p className="till-memo">
        Comment: <strong>{invoice.memo}</strong>
      </p>
      <p className="till-countdown" data-testid="till-countdown">
        Expires in{' '}
        <span className="till-countdown-time" aria-hidden="true">
          {formatCountdown(left)}
        </span>
        <span className="sr-only" role="timer">
          {minutesLeft(left)}
        </span>
      </p>
      <p className="till-status" aria-live="polite" data-testid="till-status">
        {partial ? 'Part of the amount arrived; waiting for the rest…' : 'Waiting for payment…'}
      </p>
      <button type="button" className="btn btn-ghost till-cancel" onClick={onCancel}>
        Cancel sale
      </button>
    </div>
  );
}

const ICON: Record<Outcome['kind'], string> = {
  paid: 'm9 16.2-4.2-4.2-1.4 1.4L9 19 21 7l-1.4-1.4L9 16.2Z',
  expired:
    'M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20Zm0 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm1 3v5.4l3.7 2.2-1 1.7L11 13.6V7h2Z',
  cancelled:
    'M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20Zm3.5 5.1L12 10.6 8.5 7.1 7.1 8.5l3.5 3.5-3.5 3.5 1.4 1.4 3.5-3.5 3.5 3.5 1.4-1.4-3.5-3.5 3.5-3.5-1.4-1.4Z',
};

/** What became of an invoice that can no longer be paid: no QR, no address, and what to do next. */
export function TillEnded({
  invoice,
  outcome,
  onNewSale,
}: {
  invoice: Payment;
  outcome: Outcome;
  onNewSale: () => void;
}) {
  return (
    <div
      className={`till-ended till-ended-${outcome.kind}${outcome.kind === 'paid' ? ' till-done' : ''}`}
      data-testid="till-ended"
    >
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path fill="currentColor" d={ICON[outcome.kind]} />
      </svg>
      <p className="till-amount">
        {formatFigure(invoice.amount)} <small>{ASSETS[invoice.currency].symbol}</small>
      </p>
      <div role="status" aria-live="assertive">
        <p className="till-title" data-testid="till-outcome">
          {outcome.title}
        </p>
        <p className="till-advice">{outcome.advice}</p>
      </div>
      <button type="button" id="till-new-sale" className="btn btn-primary till-new-sale" onClick={onNewSale}>
        New sale (Enter)
      </button>
      {outcome.kind === 'paid' ? (
        <PrintReceiptButton payment={invoice} className="btn btn-ghost till-receipt" choosePaper={false} />
      ) : null}
    </div>
  );
}
