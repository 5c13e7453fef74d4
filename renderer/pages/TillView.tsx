import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { QrCode } from '../components/QrCode';
import { formatUsdt } from '../lib/format';
import { useConsoleStore } from '../store';
import { selectInvoice, selectInvoiceActions } from '../store/slices/invoice';

/** Full screen for the customer: big QR, amount, memo; green when paid. Escape returns to staff view. */
export function TillView() {
  const invoice = useConsoleStore(selectInvoice);
  const { setTill } = useConsoleStore(useShallow(selectInvoiceActions));
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setTill(false);
    };
    addEventListener('keydown', onKey);
    document.getElementById('till-close')?.focus();
    return () => removeEventListener('keydown', onKey);
  }, [setTill]);
  if (!invoice) return null;
  const isPaid = invoice.status === 'paid';
  const size = Math.min(innerWidth * 0.8, innerHeight * 0.55, 520);
  return (
    <main className={`till till-${invoice.status}`} id="main" data-testid="till">
      <button type="button" id="till-close" className="btn btn-ghost till-close" onClick={() => setTill(false)}>Back to console (Esc)</button>
      {isPaid ? (
        <div className="till-done" role="status" aria-live="assertive">
          <svg viewBox="0 0 24 24" aria-hidden="true"><path fill="currentColor" d="m9 16.2-4.2-4.2-1.4 1.4L9 19 21 7l-1.4-1.4L9 16.2Z" /></svg>
          <p className="till-amount">{formatUsdt(invoice.amount)} USDT</p>
          <p className="till-title">Paid — thank you!</p>
        </div>
      ) : (
        <div className="till-pay">
          <p className="till-title">Scan to pay</p>
          <p className="till-amount">{formatUsdt(invoice.status === 'partially_paid' ? invoice.dueAmount : invoice.amount)} <small>USDT</small></p>
          <div className="till-qr"><QrCode value={invoice.links.ton} size={size} label={`QR code to pay ${invoice.amount} USDT`} /></div>
          <p className="till-memo">Comment: <strong>{invoice.memo}</strong></p>
          <p className="till-status" aria-live="polite">
            {invoice.status === 'partially_paid' ? `Received ${formatUsdt(invoice.paidAmount)} USDT — please send the rest` : invoice.status === 'pending' ? 'Waiting for payment…' : `This invoice is ${invoice.status}`}
          </p>
        </div>
      )}
    </main>
  );
}
