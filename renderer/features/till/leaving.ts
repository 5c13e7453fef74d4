import { isPayable } from '../payments/payment-outcome';
import { paymentsApi } from '../payments/api';
import type { ConsoleStore, SliceCreator } from '../../store/types';

export type TillExit = 'keypad' | 'console';

/**
 * Leaving the customer's screen while its payment can still be paid: the till asks first, so no
 * invoice is left open by a stray Esc, and a part-paid one is never cancelled without being said.
 */
export interface TillLeavingSlice {
  /** where the cashier asked to go while the payment is open; the question shows while set */
  tillLeaving: TillExit | null;
  isCancellingTillPayment: boolean;
  /** Goes there at once when nothing is open; otherwise asks (Keep it open / Cancel payment / Stay). */
  leaveTill(to: TillExit): void;
  /** Leaves as asked; the payment stays open on the service. */
  keepTillPaymentOpen(): void;
  /** Answers the question with "stay": the customer's screen stays as it is. */
  stayOnTill(): void;
  /** Cancels the payment on the service, then leaves as asked. */
  cancelTillPayment(): Promise<void>;
}

function go(s: ConsoleStore, to: TillExit): void {
  if (to === 'console') s.closeTill();
  else s.newSale();
}

export const createTillLeaving: SliceCreator<TillLeavingSlice> = (set, get) => ({
  tillLeaving: null,
  isCancellingTillPayment: false,
  leaveTill: (to) => {
    const invoice = get().tillInvoice;
    if (invoice && isPayable(invoice, Date.now())) set({ tillLeaving: to });
    else go(get(), to);
  },
  keepTillPaymentOpen: () => {
    const to = get().tillLeaving ?? 'keypad';
    set({ tillLeaving: null });
    go(get(), to);
  },
  stayOnTill: () => set({ tillLeaving: null }),
  cancelTillPayment: async () => {
    const invoice = get().tillInvoice;
    const to = get().tillLeaving ?? 'keypad';
    if (!invoice) return;
    set({ isCancellingTillPayment: true });
    try {
      await paymentsApi.cancel(invoice.id);
      set({ tillLeaving: null });
      get().newSale();
      if (to === 'console') get().closeTill();
    } catch (err) {
      // paid or expired meanwhile: the screen shows what became of it
      set({ tillLeaving: null });
      get().fail(err, 'Could not cancel the payment');
      void get().refreshTillInvoice();
    } finally {
      set({ isCancellingTillPayment: false });
    }
  },
});

export const selectTillLeaving = (s: ConsoleStore) => s.tillLeaving;
export const selectIsCancellingTillPayment = (s: ConsoleStore) => s.isCancellingTillPayment;
