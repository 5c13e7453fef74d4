import { download, get, post } from '../../api/client';
import { PaymentDetailSchema, PaymentRowPageSchema, type CreateInvoiceRequest } from '../../../contract/console';
import type { AssetCode } from '../../../contract/asset';
import { PaymentSchema, type PaymentStatus } from '../../../contract/payments';

/** The payments screen's filter form, as typed (dates as YYYY-MM-DD, '' for "any"). */
export interface PaymentFilters {
  status: PaymentStatus | '';
  /** one asset's payments, or '' for every asset */
  currency: AssetCode | '';
  createdFrom: string;
  createdTo: string;
  q: string;
  /** the "Show test payments" switch: the list and its CSV leave them out until it is on */
  includeTest: boolean;
}

const filterQuery = (f: PaymentFilters) => ({
  includeTest: f.includeTest ? 'true' : '',
  status: f.status,
  currency: f.currency,
  q: f.q.trim(),
  createdFrom: f.createdFrom,
  createdTo: f.createdTo ? nextDay(f.createdTo) : '',
});

/** The date filter's "to" is inclusive for people, exclusive for the API. */
function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

export const paymentsApi = {
  list: (filters: PaymentFilters, cursor: string | null, limit = 200) =>
    get(PaymentRowPageSchema, '/payments', { ...filterQuery(filters), cursor, limit }),
  detail: (id: string) => get(PaymentDetailSchema, `/payments/${encodeURIComponent(id)}`),
  create: (body: CreateInvoiceRequest) => post(PaymentSchema, '/payments', body),
  cancel: (id: string) => post(PaymentSchema, `/payments/${encodeURIComponent(id)}/cancel`),
  exportCsv: (filters: PaymentFilters) => download('/payments/export.csv', filterQuery(filters), 'payments.csv'),
};
