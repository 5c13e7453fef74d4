import { z } from 'zod';

/**
 * The paper a receipt (`GET /pay/{paymentId}/receipt?paper=…`) is laid out and printed for: thermal
 * rolls of 80 and 58 mm, or A4. 80 mm is the default, the common till printer.
 */
export const RECEIPT_PAPERS = ['80mm', '58mm', 'a4'] as const;
export const ReceiptPaperSchema = z.enum(RECEIPT_PAPERS);
export type ReceiptPaper = z.infer<typeof ReceiptPaperSchema>;
export const DEFAULT_RECEIPT_PAPER: ReceiptPaper = '80mm';

/** The service path of a payment's receipt, relative to the service's base URL (no leading slash). */
export const receiptPath = (paymentId: string, paper?: ReceiptPaper): string =>
  `pay/${encodeURIComponent(paymentId)}/receipt${paper ? `?paper=${paper}` : ''}`;
