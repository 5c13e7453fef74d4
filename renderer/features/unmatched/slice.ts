import { chainApi } from '../chain/api';
import type { ConsoleStore, SliceCreator } from '../../store/types';
import type { InboxTransfer, TransferDecision } from '../../../contract/chain';
import type { PaymentRowView } from '../../../contract/console';
import { unmatchedApi } from './api';
import { CREDIT_UNDO_MS, CreditTimers, type PendingCredit } from './pending-credit';

/** What the "Attach to payment" field found for one transfer's card. */
export interface AttachSearch {
  query: string;
  matches: PaymentRowView[];
  isSearching: boolean;
}

export interface UnmatchedSlice {
  unmatched: InboxTransfer[];
  hasLoadedUnmatched: boolean;
  /** the inbox's search box: an amount, a memo, a sender or a customer's email */
  unmatchedQuery: string;
  transferHistory: TransferDecision[];
  hasLoadedTransferHistory: boolean;
  loadUnmatched(): Promise<void>;
  setUnmatchedQuery(q: string): void;
  /** per transfer: the payments the attach field found for what was typed */
  attachSearches: Record<string, AttachSearch>;
  /** per transfer: a credit waiting out its undo window (see pending-credit.ts) */
  pendingCredits: Record<string, PendingCredit>;
  findAttachCandidates(txHash: string, query: string): Promise<void>;
  /** sends the credit at once (creditTransfer calls it when its undo window is over); final once it succeeds */
  attachTransfer(txHash: string, paymentId: string, note: string): Promise<boolean>;
  /** holds the credit for CREDIT_UNDO_MS, then sends it; undoCredit before then sends nothing */
  creditTransfer(txHash: string, paymentId: string, note: string): void;
  undoCredit(txHash: string): void;
  dismissTransfer(txHash: string, note: string): Promise<boolean>;
  restoreTransfer(txHash: string): Promise<void>;
  loadTransferHistory(): Promise<void>;
}

/** Takes a decided transfer off the inbox and its badge at once; the live stream's next count confirms it. */
const resolved = (s: ConsoleStore, txHash: string) => ({
  unmatched: s.unmatched.filter((t) => t.txHash !== txHash),
  unmatchedCount: Math.max(0, s.unmatchedCount - 1),
});

const without = <T>(record: Record<string, T>, key: string): Record<string, T> => {
  const { [key]: _dropped, ...rest } = record;
  return rest;
};

export const createUnmatchedSlice: SliceCreator<UnmatchedSlice> = (set, get) => {
  // A newer search wins: answers to older requests are dropped.
  let inboxGeneration = 0;
  const attachGenerations = new Map<string, number>();
  const creditTimers = new CreditTimers();
  const dropFromInbox = (txHash: string) => set((s) => resolved(s, txHash));
  const endPending = (txHash: string) => set((s) => ({ pendingCredits: without(s.pendingCredits, txHash) }));
  return {
    attachSearches: {},
    pendingCredits: {},
    findAttachCandidates: async (txHash, query) => {
      const generation = (attachGenerations.get(txHash) ?? 0) + 1;
      attachGenerations.set(txHash, generation);
      const current = () => attachGenerations.get(txHash) === generation;
      if (!query.trim()) {
        set((s) => ({ attachSearches: without(s.attachSearches, txHash) }));
        return;
      }
      set((s) => ({ attachSearches: { ...s.attachSearches, [txHash]: { query, matches: [], isSearching: true } } }));
      try {
        const { items } = await unmatchedApi.findPayments(query);
        if (current())
          set((s) => ({
            attachSearches: { ...s.attachSearches, [txHash]: { query, matches: items, isSearching: false } },
          }));
      } catch (err) {
        if (!current()) return;
        set((s) => ({ attachSearches: without(s.attachSearches, txHash) }));
        get().fail(err, 'Could not search the payments');
      }
    },
    creditTransfer: (txHash, paymentId, note) => {
      const pending: PendingCredit = { txHash, paymentId, note, sendsAt: Date.now() + CREDIT_UNDO_MS };
      set((s) => ({ pendingCredits: { ...s.pendingCredits, [txHash]: pending } }));
      creditTimers.start(
        txHash,
        () =>
          void get()
            .attachTransfer(txHash, paymentId, note)
            .finally(() => endPending(txHash)),
      );
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
    undoCredit: (txHash) => {
      if (!creditTimers.cancel(txHash)) return;
      endPending(txHash);
      get().toast('info', 'Credit undone: nothing was sent, the transfer stays in the inbox');
    },
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
export const selectAttachSearch = (txHash: string) => (s: ConsoleStore) => s.attachSearches[txHash];
export const selectPendingCredit = (txHash: string) => (s: ConsoleStore) => s.pendingCredits[txHash];
export const selectUnmatchedActions = (s: ConsoleStore) => ({
  loadUnmatched: s.loadUnmatched,
  setUnmatchedQuery: s.setUnmatchedQuery,
  attachTransfer: s.attachTransfer,
  findAttachCandidates: s.findAttachCandidates,
  creditTransfer: s.creditTransfer,
  undoCredit: s.undoCredit,
  dismissTransfer: s.dismissTransfer,
  restoreTransfer: s.restoreTransfer,
  loadTransferHistory: s.loadTransferHistory,
});
