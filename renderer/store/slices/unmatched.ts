import { chainApi } from '../../api/chain';
import type { ConsoleStore, SliceCreator } from '../types';
import type { UnmatchedTransfer } from '../../../contract/chain';

export interface UnmatchedSlice {
  unmatched: UnmatchedTransfer[];
  hasLoadedUnmatched: boolean;
  loadUnmatched(): Promise<void>;
  attachTransfer(txHash: string, paymentId: string, note: string): Promise<boolean>;
  dismissTransfer(txHash: string, note: string): Promise<void>;
}

/** Takes a decided transfer off the inbox and its badge at once; the live stream's next count confirms it. */
const resolved = (s: ConsoleStore, txHash: string) => ({
  unmatched: s.unmatched.filter((t) => t.txHash !== txHash), unmatchedCount: Math.max(0, s.unmatchedCount - 1),
});

export const createUnmatchedSlice: SliceCreator<UnmatchedSlice> = (set, get) => ({
  unmatched: [],
  hasLoadedUnmatched: false,
  loadUnmatched: async () => {
    try {
      const { items } = await chainApi.unmatched();
      set({ unmatched: items, hasLoadedUnmatched: true });
    } catch (err) {
      get().fail(err, 'Could not load the inbox');
    }
  },
  attachTransfer: async (txHash, paymentId, note) => {
    try {
      const payment = await chainApi.attach(txHash, paymentId.trim(), note);
      get().toast('success', `Attached to ${payment.id}: now ${payment.status.replace('_', ' ')}`);
      set((s) => resolved(s, txHash));
      return true;
    } catch (err) {
      get().fail(err, 'Could not attach');
      return false;
    }
  },
  dismissTransfer: async (txHash, note) => {
    try {
      await chainApi.dismiss(txHash, note);
      get().toast('info', 'Transfer dismissed');
      set((s) => resolved(s, txHash));
    } catch (err) {
      get().fail(err, 'Could not dismiss');
    }
  },
});

export const selectUnmatched = (s: ConsoleStore) => s.unmatched;
export const selectHasLoadedUnmatched = (s: ConsoleStore) => s.hasLoadedUnmatched;
export const selectUnmatchedActions = (s: ConsoleStore) => ({
  loadUnmatched: s.loadUnmatched, attachTransfer: s.attachTransfer, dismissTransfer: s.dismissTransfer,
});
