import { chainApi } from '../chain/api';
import type { SimulationCase, SimulationResult } from '../../../contract/chain';
import type { PaymentRowView as PaymentRow } from '../../../contract/console';
import { paymentsApi } from '../payments/api';
import type { ConsoleStore, SliceCreator } from '../../store/types';
import { EMPTY_FILTERS } from '../payments/slice';

export interface SimulationRecord extends SimulationResult {
  at: string;
  paymentId: string;
}

export interface SimulatorSlice {
  openPayments: PaymentRow[];
  simulations: SimulationRecord[];
  isSimulating: boolean;
  loadOpenPayments(): Promise<void>;
  simulate(paymentId: string, kind: SimulationCase, amount?: string, comment?: string | null): Promise<void>;
}

export const createSimulatorSlice: SliceCreator<SimulatorSlice> = (set, get) => ({
  openPayments: [],
  simulations: [],
  isSimulating: false,
  loadOpenPayments: async () => {
    try {
      const [pending, partial] = await Promise.all([
        paymentsApi.list({ ...EMPTY_FILTERS, status: 'pending' }, null, 50),
        paymentsApi.list({ ...EMPTY_FILTERS, status: 'partially_paid' }, null, 50),
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
});

export const selectOpenPayments = (s: ConsoleStore) => s.openPayments;
export const selectSimulations = (s: ConsoleStore) => s.simulations;
export const selectIsSimulating = (s: ConsoleStore) => s.isSimulating;
export const selectSimulatorActions = (s: ConsoleStore) => ({
  loadOpenPayments: s.loadOpenPayments,
  simulate: s.simulate,
});
