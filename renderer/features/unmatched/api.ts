import { get } from '../../api/client';
import { PaymentRowPageSchema } from '../../../contract/console';

/** How many payments the attach field offers: enough to choose from, few enough to read. */
const ATTACH_MATCHES = 8;

export const unmatchedApi = {
  /** Payments whose order reference, memo, id (any part, any case) or amount matches what was typed. */
  findPayments: (q: string) => get(PaymentRowPageSchema, '/payments', { q: q.trim(), limit: ATTACH_MATCHES }),
};
