import { chainApi } from '../chain/api';
import type { ConsoleStore, SliceCreator } from '../../store/types';
import type { InboxTransfer, TransferDecision } from '../../../contract/chain';

export interface UnmatchedSlice {
  unmatched: InboxTransfer[];
  hasLoadedUnmatched: boolean;
  /** the inbox's search box: an amount, a memo, a sender or a customer's email */
  unmatchedQuery: string;
  transferHistory: TransferDecision[];
  hasLoadedTransferHistory: boolean;
  loadUnmatched(): Promise<void>;
  setUnmatchedQuery(q: string): void;
  attachTransfer(txHash: string, paymentId: string, note: string): Promise<boolean>;
  dismissTransfer(txHash: string, note: string): Promise<boolean>;
  restoreTransfer(txHash: string): Promise<void>;
  loadTransferHistory(): Promise<void>;
}

/** Takes a decided transfer off the inbox and its badge at once; the live stream's next count confirms it. */
const resolved = (s: ConsoleStore, txHash: string) => ({
  unmatched: s.unmatched.filter((t) => t.txHash !== txHash),
  unmatchedCount: Math.max(0, s.unmatchedCount - 1),
});

export const createUnmatchedSlice: SliceCreator<UnmatchedSlice> = (set, get) => {
  // A newer search wins: answers to older requests are dropped.
  let inboxGeneration = 0;
  const dropFromInbox = (txHash: string) => set((s) => resolved(s, txHash));
  return {
    unmatched: [],
    hasLoadedUnmatched: false,
    unmatchedQuery: '',
    transferHistory: [],
    hasLoadedTransferHistory: false,
    loadUnmatched: async () => {
      const generation = ++inboxGeneration;
      try {
        const { items } = await chainApi.unmatched(get().unmatchedQuery);
        if (generation === inboxGeneration) set({ unmatched: items, hasLoadedUnmatched: true });
      } catch (err) {
        if (generation === inboxGeneration) get().fail(err, 'Could not load the inbox');
      }
    },
    setUnmatchedQuery: (q) => {
      set({ unmatchedQuery: q });
      void get().loadUnmatched();
    },
    attachTransfer: async (txHash, paymentId, note) => {
      try {
        const payment = await chainApi.attach(txHash, paymentId.trim(), note);
        get().toast('success', `Attached to ${payment.id}: now ${payment.status.replace('_', ' ')}`);
        dropFromInbox(txHash);
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
        dropFromInbox(txHash);
        return true;
      } catch (err) {
        get().fail(err, 'Could not dismiss');
        return false;
      }
    },
    restoreTransfer: async (txHash) => {
      try {
        await chainApi.restore(txHash);
        get().toast('info', 'Dismissal undone: the transfer is back in the inbox');
        await Promise.all([get().loadTransferHistory(), get().loadUnmatched()]);
      } catch (err) {
        get().fail(err, 'Could not undo');
      }
    },
    loadTransferHistory: async () => {
      try {
        set({ transferHistory: (await chainApi.history()).items, hasLoadedTransferHistory: true });
      } catch (err) {
        get().fail(err, 'Could not load the history');
      }
    },
  };
};

export const selectUnmatched = (s: ConsoleStore) => s.unmatched;
export const selectHasLoadedUnmatched = (s: ConsoleStore) => s.hasLoadedUnmatched;
export const selectUnmatchedQuery = (s: ConsoleStore) => s.unmatchedQuery;
export const selectTransferHistory = (s: ConsoleStore) => s.transferHistory;
export const selectHasLoadedTransferHistory = (s: ConsoleStore) => s.hasLoadedTransferHistory;
export const selectUnmatchedActions = (s: ConsoleStore) => ({
  loadUnmatched: s.loadUnmatched,
  setUnmatchedQuery: s.setUnmatchedQuery,
  attachTransfer: s.attachTransfer,
  dismissTransfer: s.dismissTransfer,
  restoreTransfer: s.restoreTransfer,
  loadTransferHistory: s.loadTransferHistory,
});
