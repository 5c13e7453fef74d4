import { DEFAULT_RECEIPT_PAPER, type ReceiptPaper } from '../../../contract/receipts';
import { desktopApi } from '../desktop/api';
import { printReceiptInBrowser } from './api';
import type { ConsoleStore, SliceCreator } from '../../store/types';

export interface ReceiptsSlice {
  /** the payment whose receipt is being printed, or null */
  printingReceipt: string | null;
  /** The desktop app prints through main (the system dialog); a browser through its own print dialog. */
  printReceipt(paymentId: string, paper?: ReceiptPaper): Promise<void>;
}

export const createReceiptsSlice: SliceCreator<ReceiptsSlice> = (set, get) => ({
  printingReceipt: null,
  printReceipt: async (paymentId, paper = DEFAULT_RECEIPT_PAPER) => {
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
export const selectReceiptsActions = (s: ConsoleStore) => ({ printReceipt: s.printReceipt });
