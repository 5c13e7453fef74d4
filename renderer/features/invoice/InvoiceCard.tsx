import type { PublicPayment as Payment } from '../../../contract/payments';
import { useNow } from '../../hooks/useNow';
import { formatDateTime, formatFigure, formatAssetAmount } from '../../lib/format';
import { isPayable, outcomeOf, type Outcome } from '../payments/payment-outcome';
import { CopyButton } from '../../components/CopyButton';
import { QrCode } from '../../components/QrCode';
import { PriceFacts, shortfallText } from '../payments/PriceFacts';
import { StatusBadge } from '../payments/StatusBadge';
import { useLeavePrompt } from '../till/useLeavePrompt';

/** How to pay: only while the invoice can still be paid as shown. */
function PayableBody({ invoice }: { invoice: Payment }) {
  useLeavePrompt();
  const links: Array<[string, string]> = [
    ['Checkout page', invoice.links.checkout],
    ['Tonkeeper link', invoice.links.tonkeeper],
    ['ton:// link', invoice.links.ton],
  ];
  return (
    <>
      <div className="invoice-body">
        <QrCode
          value={invoice.links.ton}
          label={`QR code to pay ${formatAssetAmount(invoice.dueAmount, invoice.currency)}`}
          size={220}
        />
        <dl className="facts">
          <PriceFacts payment={invoice} />
          <dt>Amount</dt>
          <dd className="strong" data-testid="invoice-amount">
            {formatAssetAmount(invoice.amount, invoice.currency)}
          </dd>
          <dt>Paid</dt>
          <dd>
            {formatAssetAmount(invoice.paidAmount, invoice.currency)}
            {invoice.status === 'partially_paid' ? ` · ${formatFigure(invoice.dueAmount)} due` : ''}
          </dd>
          <dt>Comment</dt>
          <dd>
            <code>{invoice.memo}</code> <CopyButton text={invoice.memo} />
          </dd>
          <dt>Pay to</dt>
          <dd>
            <code className="wrap">{invoice.address}</code> <CopyButton text={invoice.address} />
          </dd>
          <dt>Expires</dt>
          <dd>{formatDateTime(invoice.expiresAt)}</dd>
          {invoice.description ? (
            <>
              <dt>Description</dt>
              <dd>{invoice.description}</dd>
            </>
          ) : null}
        </dl>
      </div>
      <ul className="links">
        {links.map(([label, url]) => (
          <li key={label}>
            <span className="link-label">{label}</span>
            <code className="link-url">{url}</code>
            <CopyButton text={url} />
          </li>
        ))}
      </ul>
    </>
  );
}

/** What became of it, with no QR, address or link left to pay by mistake. */
function EndedBody({ invoice, outcome }: { invoice: Payment; outcome: Outcome }) {
  return (
    <div className={`invoice-ended invoice-ended-${outcome.kind}`}>
      <p className="invoice-outcome" role="status" data-testid="invoice-outcome">
        {outcome.title}
      </p>
      <p className="muted">{outcome.advice}</p>
      <dl className="facts">
        <PriceFacts payment={invoice} />
        <dt>Amount</dt>
        <dd className="strong">{formatAssetAmount(invoice.amount, invoice.currency)}</dd>
        <dt>Received</dt>
        <dd>
          {formatAssetAmount(invoice.paidAmount, invoice.currency)}
          {shortfallText(invoice) ? <span className="muted"> · {shortfallText(invoice)}</span> : null}
        </dd>
        {invoice.paidAt ? (
          <>
            <dt>Paid</dt>
            <dd>{formatDateTime(invoice.paidAt)}</dd>
          </>
        ) : (
          <>
            <dt>Expiry</dt>
            <dd>{formatDateTime(invoice.expiresAt)}</dd>
          </>
        )}
        {invoice.description ? (
          <>
            <dt>Description</dt>
            <dd>{invoice.description}</dd>
          </>
        ) : null}
      </dl>
    </div>
  );
}

/** The invoice as staff see it: while payable, QR, what to pay and links to share; afterwards, what happened. */
export function InvoiceCard({ invoice }: { invoice: Payment }) {
  const now = useNow(isPayable(invoice, Date.now()));
  const outcome = outcomeOf(invoice, now);
  return (
    <section
      className={`card invoice invoice-${invoice.status}`}
      aria-labelledby="invoice-title"
      data-testid="invoice-card"
    >
      <div className="invoice-head">
        <h2 id="invoice-title">
          Invoice {invoice.externalId ? <span className="muted">· {invoice.externalId}</span> : null}
        </h2>
        <span aria-live="polite" data-testid="invoice-status">
          <StatusBadge status={invoice.status} late={invoice.late} />
        </span>
      </div>
      {outcome ? <EndedBody invoice={invoice} outcome={outcome} /> : <PayableBody invoice={invoice} />}
    </section>
  );
}
