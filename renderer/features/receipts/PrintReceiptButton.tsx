import { useShallow } from 'zustand/react/shallow';
import type { PublicPayment } from '../../../contract/payments';
import { RECEIPT_PAPERS, type ReceiptPaper } from '../../../contract/receipts';
import { isNonZero } from '../payments/payment-outcome';
import { useConsoleStore } from '../../store';
import { selectPrintingReceipt, selectReceiptPaper, selectReceiptsActions } from './slice';
import './receipts.css';

const PAPER_LABEL: Record<ReceiptPaper, string> = { '80mm': '80 mm roll', '58mm': '58 mm roll', a4: 'A4' };

/**
 * "Print receipt" for a payment that has one: paid, or with money refunded (the service's rule in
 * server/payment-pages/receipt-html.ts). Prints on the paper last chosen on this console (80 mm
 * thermal, the common till printer, until then); `choosePaper` shows the choice beside the button.
 */
export function PrintReceiptButton({
  payment,
  className = 'btn',
  choosePaper = true,
}: {
  payment: PublicPayment;
  className?: string;
  choosePaper?: boolean;
}) {
  const printing = useConsoleStore(selectPrintingReceipt) === payment.id;
  const paper = useConsoleStore(selectReceiptPaper);
  const { printReceipt, setReceiptPaper } = useConsoleStore(useShallow(selectReceiptsActions));
  if (payment.status !== 'paid' && !isNonZero(payment.refundedAmount)) return null;
  const button = (
    <button type="button" className={className} disabled={printing} onClick={() => void printReceipt(payment.id)}>
      {printing ? 'Printing…' : 'Print receipt'}
    </button>
  );
  if (!choosePaper) return button;
  return (
    <span className="print-receipt">
      <select
        aria-label="Receipt paper"
        value={paper}
        onChange={(e) => setReceiptPaper(e.target.value as ReceiptPaper)}
      >
        {RECEIPT_PAPERS.map((p) => (
          <option key={p} value={p}>
            {PAPER_LABEL[p]}
          </option>
        ))}
      </select>
      {button}
    </span>
  );
}
