import { get, post, request, requestNoContent } from '../../api/client';
import { ConsoleLoginLinkSchema } from '../../../contract/console';
import {
  AuditPageSchema,
  CashierListSchema,
  CashierViewSchema,
  CreatedCashierSchema,
  type CreateCashierBody,
} from '../../../contract/console-staff';

/** The owner's cashiers and the audit log. */
export const staffApi = {
  cashiers: () => get(CashierListSchema, '/cashiers'),
  createCashier: (body: CreateCashierBody) => post(CreatedCashierSchema, '/cashiers', body),
  cashierLink: (id: string) => post(ConsoleLoginLinkSchema, `/cashiers/${encodeURIComponent(id)}/login-link`),
  setCashierPassphrase: (id: string, passphrase: string | null) =>
    request(CashierViewSchema, 'PUT', `/cashiers/${encodeURIComponent(id)}/passphrase`, { passphrase }),
  revokeCashier: (id: string) => requestNoContent('DELETE', `/cashiers/${encodeURIComponent(id)}`),
  audit: (before: number | null, limit = 50) => get(AuditPageSchema, '/audit', { before, limit }),
};
