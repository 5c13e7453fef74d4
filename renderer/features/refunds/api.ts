import { get, post } from '../../api/client';
import {
  OutgoingTransferListSchema,
  RefundListSchema,
  RefundRateSchema,
  RefundSchema,
  type CreateRefundRequest,
  type RefundWalletRequestBody,
} from '../../../contract/refunds';
import { WalletTransferRequestSchema } from '../../../contract/wallet-connect';

const base = (paymentId: string) => `/payments/${encodeURIComponent(paymentId)}/refunds`;

export const refundsApi = {
  list: (paymentId: string) => get(RefundListSchema, base(paymentId)),
  create: (paymentId: string, body: CreateRefundRequest) => post(RefundSchema, base(paymentId), body),
  /** today's rate of a fiat-priced payment's price currency for its asset: 503 RATE_UNAVAILABLE without one */
  rate: (paymentId: string) => post(RefundRateSchema, `/payments/${encodeURIComponent(paymentId)}/refund-rate`),
  /** what the store's wallet sent or got back, and the refund each was */
  outgoing: () => get(OutgoingTransferListSchema, '/chain/outgoing'),
  cancel: (paymentId: string, refundId: string) =>
    post(RefundSchema, `${base(paymentId)}/${encodeURIComponent(refundId)}/cancel`),
  /** the refund's transfer as a TON Connect request for the connected wallet, which must be the store's */
  walletRequest: (paymentId: string, refundId: string, body: RefundWalletRequestBody) =>
    post(WalletTransferRequestSchema, `${base(paymentId)}/${encodeURIComponent(refundId)}/wallet-request`, body),
};
