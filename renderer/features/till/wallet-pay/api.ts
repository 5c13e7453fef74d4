import { post, get, requestNoContent } from '../../../api/client';
import { TillWalletSessionSchema } from '../../../../contract/till-wallet';

const path = (paymentId: string) => `/payments/${encodeURIComponent(paymentId)}/wallet-session`;

/** "Pay with wallet" at the till: the service holds the TON Connect session; the till starts, follows and ends it. */
export const tillWalletApi = {
  start: (paymentId: string) => post(TillWalletSessionSchema, path(paymentId)),
  get: (paymentId: string) => get(TillWalletSessionSchema, path(paymentId)),
  end: (paymentId: string) => requestNoContent('DELETE', path(paymentId)),
};
