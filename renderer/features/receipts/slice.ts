import { DEFAULT_RECEIPT_PAPER, ReceiptPaperSchema, type ReceiptPaper } from '../../../contract/receipts';
import { desktopApi } from '../desktop/api';
import { printReceiptInBrowser } from './api';
import type { ConsoleStore, SliceCreator } from '../../store/types';

const PAPER_KEY = 'tontill.receiptPaper';

/** The paper this console prints on, as it was last chosen here (storage may be refused: then the default). */
function rememberedPaper(): ReceiptPaper {
  try {
    const parsed = ReceiptPaperSchema.safeParse(globalThis.localStorage?.getItem(PAPER_KEY));
    return parsed.success ? parsed.data : DEFAULT_RECEIPT_PAPER;
  } catch {
    return DEFAULT_RECEIPT_PAPER;
  }
}

export interface ReceiptsSlice {
  /** the payment whose receipt is being printed, or null */
  printingReceipt: string | null;
  /** the paper receipts are printed on: 80 or 58 mm thermal rolls, or A4; remembered by this console */
  receiptPaper: ReceiptPaper;
  setReceiptPaper(paper: ReceiptPaper): void;
  /** The desktop app prints through main (the system dialog); a browser through its own print dialog. */
  printReceipt(paymentId: string, paper?: ReceiptPaper): Promise<void>;
}

export const createReceiptsSlice: SliceCreator<ReceiptsSlice> = (set, get) => ({
  printingReceipt: null,
  receiptPaper: rememberedPaper(),
  setReceiptPaper: (paper) => {
    set({ receiptPaper: paper });
    try {
      localStorage.setItem(PAPER_KEY, paper);
    } catch {
      /* remembered for this page only */
    }
  },
  printReceipt: async (paymentId, paper = get().receiptPaper) => {
    set({ printingReceipt: paymentId });
    try {
      if (!desktopApi.isAvailable()) {
        await printReceiptInBrowser(paymentId, paper);
        return;
      }
      const result = await desktopApi.printReceipt({ paymentId, paper });
      // the owner closing the dialog is no error
      if (result.outcome === 'failed')
        get().toast('error', `Could not print the receipt: ${result.message ?? 'the printer refused it'}`);
    } catch (err) {
      get().fail(err, 'Could not print the receipt');
    } finally {
      set({ printingReceipt: null });
    }
  },
});

export const selectPrintingReceipt = (s: ConsoleStore) => s.printingReceipt;
export const selectReceiptPaper = (s: ConsoleStore) => s.receiptPaper;
export const selectReceiptsActions = (s: ConsoleStore) => ({
  printReceipt: s.printReceipt,
  setReceiptPaper: s.setReceiptPaper,
});
