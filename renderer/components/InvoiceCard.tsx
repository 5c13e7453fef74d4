import type { PublicPayment as Payment } from '../../contract/payments';
import { formatDateTime, formatUsdt } from '../lib/format';
import { CopyButton } from './CopyButton';
import { QrCode } from './QrCode';
import { StatusBadge } from './StatusBadge';

/** The invoice as staff see it: QR, what to pay, links to share, and its live status. */
export function InvoiceCard({ invoice }: { invoice: Payment }) {
  const links: Array<[string, string]> = [
    ['Checkout page', invoice.links.checkout],
    ['Tonkeeper link', invoice.links.tonkeeper],
    ['ton:// link', invoice.links.ton],
  ];
  return (
    <section className={`card invoice invoice-${invoice.status}`} aria-labelledby="invoice-title" data-testid="invoice-card">
      <div className="invoice-head">
        <h2 id="invoice-title">Invoice {invoice.externalId ? <span className="muted">· {invoice.externalId}</span> : null}</h2>
        <span aria-live="polite" data-testid="invoice-status"><StatusBadge status={invoice.status} late={invoice.late} /></span>
      </div>
      <div className="invoice-body">
        <QrCode value={invoice.links.ton} label={`QR code to pay ${invoice.amount} USDT`} size={220} />
        <dl className="facts">
          <dt>Amount</dt><dd className="strong">{formatUsdt(invoice.amount)} USDT</dd>
          <dt>Paid</dt><dd>{formatUsdt(invoice.paidAmount)} USDT{invoice.status === 'partially_paid' ? ` · ${formatUsdt(invoice.dueAmount)} due` : ''}</dd>
          <dt>Memo</dt><dd><code>{invoice.memo}</code> <CopyButton text={invoice.memo} /></dd>
          <dt>Pay to</dt><dd><code className="wrap">{invoice.address}</code> <CopyButton text={invoice.address} /></dd>
          <dt>Expires</dt><dd>{formatDateTime(invoice.expiresAt)}</dd>
          {invoice.description ? <><dt>Description</dt><dd>{invoice.description}</dd></> : null}
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
    </section>
  );
}
