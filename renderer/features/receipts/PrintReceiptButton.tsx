import { useShallow } from 'zustand/react/shallow';
import type { PublicPayment } from '../../../contract/payments';
import { isNonZero } from '../payments/payment-outcome';
import { useConsoleStore } from '../../store';
import { selectPrintingReceipt, selectReceiptsActions } from './slice';

/**
 * "Print receipt" for a payment that has one: paid, or with money refunded (the service's rule in
 * server/payment-pages/receipt-html.ts). Prints on 80 mm thermal paper, the till printer.
 */
export function PrintReceiptButton({ payment, className = 'btn' }: { payment: PublicPayment; className?: string }) {
  const printing = useConsoleStore(selectPrintingReceipt) === payment.id;
  const { printReceipt } = useConsoleStore(useShallow(selectReceiptsActions));
  if (payment.status !== 'paid' && !isNonZero(payment.refundedAmount)) return null;
  return (
    <button type="button" className={className} disabled={printing} onClick={() => void printReceipt(payment.id)}>
      {printing ? 'Printing…' : 'Print receipt'}
    </button>
  );
}
