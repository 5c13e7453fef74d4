import { ApiError } from '../../api/client';
import { paymentsApi } from '../../api/payments';
import type { ConsoleStore, SliceCreator } from '../types';
import type { PublicPayment as Payment } from '../../../contract/payments';

export interface InvoiceDraft {
  amount: string;
  externalId: string;
  description: string;
  expiryMinutes: string;
}

export interface InvoiceSlice {
  draft: InvoiceDraft;
  invoice: Payment | null;
  invoiceError: { field: string | null; message: string } | null;
  isCreating: boolean;
  isTill: boolean;
  setDraft(patch: Partial<InvoiceDraft>): void;
  createInvoice(): Promise<Payment | null>;
  refreshInvoice(): Promise<void>;
  showInvoice(id: string): Promise<void>;
  clearInvoice(): void;
  setTill(on: boolean): void;
}

const EMPTY: InvoiceDraft = { amount: '', externalId: '', description: '', expiryMinutes: '30' };
const AMOUNT = /^(?:0|[1-9]\d*)(?:\.\d{1,6})?$/;

/** The checks a person needs before a round trip; the service repeats them and has the last word. */
export function draftProblem(d: InvoiceDraft): { field: string; message: string } | null {
  if (!AMOUNT.test(d.amount.trim())) return { field: 'amount', message: 'Enter an amount such as 12.50 (up to 6 decimals).' };
  if (Number(d.amount) <= 0) return { field: 'amount', message: 'The amount must be more than zero.' };
  const minutes = Number(d.expiryMinutes);
  if (!Number.isInteger(minutes) || minutes < 1 || minutes > 7 * 24 * 60) return { field: 'expiresInSeconds', message: 'Expiry is 1 minute to 7 days.' };
  return null;
}

export const createInvoiceSlice: SliceCreator<InvoiceSlice> = (set, get) => ({
  draft: EMPTY,
  invoice: null,
  invoiceError: null,
  isCreating: false,
  isTill: false,
  setDraft: (patch) => set((s) => ({ draft: { ...s.draft, ...patch }, invoiceError: null })),
  createInvoice: async () => {
    const d = get().draft;
    const problem = draftProblem(d);
    if (problem) {
      set({ invoiceError: problem });
      return null;
    }
    set({ isCreating: true, invoiceError: null });
    try {
      const invoice = await paymentsApi.create({
        amount: d.amount.trim(),
        ...(d.externalId.trim() ? { externalId: d.externalId.trim() } : {}),
        ...(d.description.trim() ? { description: d.description.trim() } : {}),
        expiresInSeconds: Math.max(60, Number(d.expiryMinutes) * 60),
      });
      set({ invoice, draft: { ...EMPTY, expiryMinutes: d.expiryMinutes } });
      return invoice;
    } catch (err) {
      const apiError = err instanceof ApiError ? err : null;
      if (apiError?.status === 400 || apiError?.status === 409) set({ invoiceError: { field: apiError.field ?? null, message: apiError.message } });
      else get().fail(err, 'Could not create the invoice');
      return null;
    } finally {
      set({ isCreating: false });
    }
  },
  refreshInvoice: async () => {
    const current = get().invoice;
    if (!current) return;
    try {
      const { payment } = await paymentsApi.detail(current.id);
      if (get().invoice?.id === payment.id) set({ invoice: payment });
    } catch { /* polled again shortly */ }
  },
  showInvoice: async (id) => {
    try {
      const { payment } = await paymentsApi.detail(id);
      set({ invoice: payment });
    } catch (err) {
      get().fail(err, 'Could not open the invoice');
    }
  },
  clearInvoice: () => set({ invoice: null, isTill: false }),
  setTill: (on) => set({ isTill: on }),
});

export const selectInvoiceDraft = (s: ConsoleStore) => s.draft;
export const selectInvoice = (s: ConsoleStore) => s.invoice;
export const selectInvoiceError = (s: ConsoleStore) => s.invoiceError;
export const selectIsCreatingInvoice = (s: ConsoleStore) => s.isCreating;
export const selectIsTill = (s: ConsoleStore) => s.isTill;
export const selectInvoiceActions = (s: ConsoleStore) => ({
  setDraft: s.setDraft, createInvoice: s.createInvoice, refreshInvoice: s.refreshInvoice, showInvoice: s.showInvoice,
  clearInvoice: s.clearInvoice, setTill: s.setTill,
});
