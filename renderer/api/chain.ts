import { get, post } from './client';
import type { Payment, SimulationCase, SimulationResult, Stats, UnmatchedTransfer, WatcherStatus } from './types';

export const chainApi = {
  stats: () => get<Stats>('/stats', { tzOffset: new Date().getTimezoneOffset(), days: 14 }),
  watcher: () => get<WatcherStatus>('/watcher'),
  unmatched: () => get<{ items: UnmatchedTransfer[] }>('/transfers/unmatched'),
  attach: (txHash: string, paymentId: string, note: string) => post<Payment>(`/transfers/${txHash}/attach`, { paymentId, note }),
  dismiss: (txHash: string, note: string) => post<UnmatchedTransfer>(`/transfers/${txHash}/dismiss`, { note }),
  simulate: (body: { paymentId: string; amount?: string; comment?: string | null; case: SimulationCase }) => post<SimulationResult>('/simulator/pay', body),
};
