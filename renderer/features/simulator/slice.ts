import { chainApi } from '../chain/api';
import type { SimulationCase, SimulationResult } from '../../../contract/chain';
import type { PaymentRowView as PaymentRow } from '../../../contract/console';
import { paymentsApi } from '../payments/api';
import type { ConsoleStore, SliceCreator } from '../../store/types';
import { EMPTY_FILTERS } from '../payments/slice';
import type { SimulatedRefund } from '../../../contract/refunds';
import { simulatorApi } from './api';

export interface SimulationRecord extends SimulationResult {
  at: string;
  paymentId: string;
}

export type SimulatedRefundCase = SimulatedRefund['case'];

export interface RefundSimulationRecord extends SimulatedRefund {
  at: string;
}

export interface SimulatorSlice {
  openPayments: PaymentRow[];
  simulations: SimulationRecord[];
  isSimulating: boolean;
  loadOpenPayments(): Promise<void>;
  simulate(paymentId: string, kind: SimulationCase, amount?: string, comment?: string | null): Promise<void>;
  refundSimulations: RefundSimulationRecord[];
  /** the refund in flight from the sandbox wallet, if any */
  sendingRefundId: string | null;
  /** the sandbox wallet sends a refund, as the store's wallet app would after scanning it */
  sendRefundFromSandbox(refundId: string, kind?: SimulatedRefundCase): Promise<void>;
}

export const createSimulatorSlice: SliceCreator<SimulatorSlice> = (set, get) => ({
  openPayments: [],
  simulations: [],
  isSimulating: false,
  refundSimulations: [],
  sendingRefundId: null,
  loadOpenPayments: async () => {
    try {
      // the simulator pays test payments too: the widget preview's are the ones most often tried here
      const open = { ...EMPTY_FILTERS, includeTest: true };
      const [pending, partial] = await Promise.all([
        paymentsApi.list({ ...open, status: 'pending' }, null, 50),
        paymentsApi.list({ ...open, status: 'partially_paid' }, null, 50),
      ]);
      set({ openPayments: [...partial.items, ...pending.items].sort((a, b) => b.seq - a.seq) });
    } catch (err) {
      get().fail(err, 'Could not load open payments');
    }
  },
  simulate: async (paymentId, kind, amount, comment) => {
    set({ isSimulating: true });
    try {
      const result = await chainApi.simulate({
        paymentId,
        case: kind,
        ...(amount ? { amount } : {}),
        ...(comment !== undefined ? { comment } : {}),
      });
      set((s) => ({
        simulations: [{ ...result, paymentId, at: new Date().toISOString() }, ...s.simulations].slice(0, 20),
      }));
      get().toast('success', `Sent (${kind}): the payment is now ${result.payment.status.replace('_', ' ')}`);
      await get().loadOpenPayments();
    } catch (err) {
      get().fail(err, 'Simulation failed');
    } finally {
      set({ isSimulating: false });
    }
  },
  sendRefundFromSandbox: async (refundId, kind = 'exact') => {
    set({ sendingRefundId: refundId });
    try {
      const result = await simulatorApi.sendRefund({ refundId, case: kind });
      set((s) => ({
        refundSimulations: [{ ...result, at: new Date().toISOString() }, ...s.refundSimulations].slice(0, 20),
      }));
      // the live stream brings it too; the answer is already here
      get().receiveRefund(result.refund);
      get().toast(
        'success',
        `Sent from the sandbox wallet: the refund is now ${result.refund.status.replace('_', ' ')}`,
      );
    } catch (err) {
      get().fail(err, 'The sandbox wallet could not send the refund');
    } finally {
      set({ sendingRefundId: null });
    }
  },
});

export const selectOpenPayments = (s: ConsoleStore) => s.openPayments;
export const selectSimulations = (s: ConsoleStore) => s.simulations;
export const selectIsSimulating = (s: ConsoleStore) => s.isSimulating;
export const selectSimulatorActions = (s: ConsoleStore) => ({
  loadOpenPayments: s.loadOpenPayments,
  simulate: s.simulate,
  sendRefundFromSandbox: s.sendRefundFromSandbox,
});
export const selectRefundSimulations = (s: ConsoleStore) => s.refundSimulations;
export const selectSendingRefundId = (s: ConsoleStore) => s.sendingRefundId;
