import { download, get, post } from './client';
import type { Payment, PaymentEvent, PaymentFilters, PaymentRow } from './types';

const filterQuery = (f: PaymentFilters) => ({
  status: f.status, q: f.q.trim(), createdFrom: f.createdFrom, createdTo: f.createdTo ? nextDay(f.createdTo) : '',
});

/** The date filter's "to" is inclusive for people, exclusive for the API. */
function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

export const paymentsApi = {
  list: (filters: PaymentFilters, cursor: string | null, limit = 200) =>
    get<{ items: PaymentRow[]; nextCursor: string | null }>('/payments', { ...filterQuery(filters), cursor, limit }),
  detail: (id: string) => get<{ payment: Payment; events: PaymentEvent[] }>(`/payments/${encodeURIComponent(id)}`),
  create: (body: { amount: string; externalId?: string; description?: string; expiresInSeconds?: number }) => post<Payment>('/payments', body),
  cancel: (id: string) => post<Payment>(`/payments/${encodeURIComponent(id)}/cancel`),
  exportCsv: (filters: PaymentFilters) => download('/payments/export.csv', filterQuery(filters), 'payments.csv'),
};
