/**
 * Printing a receipt in a browser: the service's receipt page (`/pay/<id>/receipt?paper=…`, server-rendered,
 * with print CSS for thermal paper and A4) in a hidden frame of the console's own origin, printed
 * through the browser's print dialog. The desktop app prints through its bridge instead (api/desktop.ts).
 */
import { receiptPath, type ReceiptPaper } from '../../../contract/receipts';

const FRAME_ID = 'receipt-print-frame';

/** Resolves once the print dialog was asked for; rejects when the page is no receipt (not paid yet, or gone). */
export function printReceiptInBrowser(paymentId: string, paper: ReceiptPaper): Promise<void> {
  document.getElementById(FRAME_ID)?.remove();
  const frame = document.createElement('iframe');
  frame.id = FRAME_ID;
  frame.className = 'print-frame';
  frame.title = 'Receipt to print';
  frame.tabIndex = -1;
  frame.setAttribute('aria-hidden', 'true');
  // The console is served at /console/ on the service's origin, as its API is (client.ts).
  frame.src = `/${receiptPath(paymentId, paper)}`;
  return new Promise((resolve, reject) => {
    frame.addEventListener(
      'load',
      () => {
        const page = frame.contentWindow;
        if (!page || page.document.querySelector('[data-error]') || !page.document.querySelector('main.receipt')) {
          frame.remove();
          reject(new Error('This payment has no receipt yet'));
          return;
        }
        page.addEventListener('afterprint', () => frame.remove(), { once: true });
        page.focus();
        page.print();
        resolve();
      },
      { once: true },
    );
    document.body.append(frame);
  });
}
