import { get, post } from '../../api/client';
import {
  InboxListSchema,
  ReconciliationSchema,
  SimulationResultSchema,
  TransferHistorySchema,
  UnmatchedTransferSchema,
  WatcherStatusViewSchema,
  type AttachTransferRequest,
  type DismissTransferRequest,
  type SimulateRequest,
} from '../../../contract/chain';
import type { AssetCode } from '../../../contract/asset';
import { StatsSchema } from '../../../contract/console';
import { PaymentSchema } from '../../../contract/payments';

export const chainApi = {
  /** the dashboard's figures; test payments (the widget preview's, the demo shop's) only when `includeTest` */
  stats: (includeTest = false) =>
    get(StatsSchema, '/stats', {
      tzOffset: new Date().getTimezoneOffset(),
      days: 14,
      includeTest: includeTest ? 'true' : null,
    }),
  watcher: () => get(WatcherStatusViewSchema, '/watcher'),
  unmatched: (q = '') => get(InboxListSchema, '/transfers/unmatched', { q: q.trim() }),
  history: () => get(TransferHistorySchema, '/transfers/history'),
  restore: (txHash: string) => post(UnmatchedTransferSchema, `/transfers/${txHash}/restore`),
  attach: (txHash: string, paymentId: string, note: string) =>
    post(PaymentSchema, `/transfers/${txHash}/attach`, { paymentId, note } satisfies AttachTransferRequest),
  dismiss: (txHash: string, note: string) =>
    post(UnmatchedTransferSchema, `/transfers/${txHash}/dismiss`, { note } satisfies DismissTransferRequest),
  simulate: (body: SimulateRequest) => post(SimulationResultSchema, '/simulator/pay', body),
  /** the books of one asset checked now: USDT's jetton wallet, or what the store wallet received in Toncoin */
  reconcile: (asset: AssetCode = 'USDT') => get(ReconciliationSchema, '/chain/reconciliation', { asset }),
};
