import { ApiError } from '../../api/client';
import { refundsApi } from './api';
import type { CreateRefundRequest, OutgoingTransfer, PublicRefund } from '../../../contract/refunds';
import type { ConsoleStore, SliceCreator } from '../../store/types';

export interface RefundsSlice {
  /** the refunds of the payment on screen, oldest first */
  refunds: PublicRefund[];
  refundsFor: string | null;
  /** the field the last refund request was refused on, with why: shown next to it */
  refundProblem: { field: string | null; message: string } | null;
  /** the wallet's recent sends and bounces, with the refund each was */
  outgoing: OutgoingTransfer[] | null;
  loadRefunds(paymentId: string): Promise<void>;
  loadOutgoing(): Promise<void>;
  createRefund(paymentId: string, request: CreateRefundRequest): Promise<PublicRefund | null>;
  cancelRefund(paymentId: string, refundId: string): Promise<void>;
  /** a refund's new state, from the live stream or the simulator: shown at once on its payment */
  receiveRefund(refund: PublicRefund): void;
}

const problemOf = (err: unknown): RefundsSlice['refundProblem'] =>
  err instanceof ApiError
    ? { field: err.field ?? null, message: err.message }
    : { field: null, message: 'The service could not be reached; try again' };

export const createRefundsSlice: SliceCreator<RefundsSlice> = (set, get) => ({
  refunds: [],
  refundsFor: null,
  refundProblem: null,
  outgoing: null,

  loadOutgoing: async () => {
    try {
      set({ outgoing: (await refundsApi.outgoing()).items });
    } catch (err) {
      get().fail(err, 'Could not load what the wallet sent');
    }
  },

  loadRefunds: async (paymentId) => {
    if (get().refundsFor !== paymentId) set({ refunds: [], refundsFor: paymentId, refundProblem: null });
    try {
      const { items } = await refundsApi.list(paymentId);
      if (get().refundsFor === paymentId) set({ refunds: items });
    } catch (err) {
      get().fail(err, 'Could not load the refunds');
    }
  },

  createRefund: async (paymentId, request) => {
    set({ refundProblem: null });
    try {
      const refund = await refundsApi.create(paymentId, request);
      get().toast('success', `Refund of ${refund.amount} USDT ready: scan it with the store's wallet`);
      await get().loadRefunds(paymentId);
      return refund;
    } catch (err) {
      set({ refundProblem: problemOf(err) });
      return null;
    }
  },

  cancelRefund: async (paymentId, refundId) => {
    try {
      await refundsApi.cancel(paymentId, refundId);
      get().toast('success', 'Refund cancelled');
      await get().loadRefunds(paymentId);
    } catch (err) {
      get().fail(err, 'Could not cancel the refund');
    }
  },

  receiveRefund: (refund) => {
    if (get().refundsFor !== refund.paymentId) return;
    const { refunds } = get();
    const known = refunds.some((r) => r.id === refund.id);
    // a frame replayed after a newer answer of the service must not turn the refund back
    const isNewer = (r: PublicRefund) => Date.parse(refund.updatedAt) >= Date.parse(r.updatedAt);
    set({
      refunds: known ? refunds.map((r) => (r.id === refund.id && isNewer(r) ? refund : r)) : [...refunds, refund],
    });
  },
});

export const selectRefunds = (s: ConsoleStore) => s.refunds;
export const selectRefundProblem = (s: ConsoleStore) => s.refundProblem;
export const selectOutgoing = (s: ConsoleStore) => s.outgoing;
export const selectRefundActions = (s: ConsoleStore) => ({
  loadOutgoing: s.loadOutgoing,
  loadRefunds: s.loadRefunds,
  createRefund: s.createRefund,
  cancelRefund: s.cancelRefund,
  receiveRefund: s.receiveRefund,
});
