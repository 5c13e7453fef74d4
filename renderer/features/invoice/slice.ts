import { ApiError } from '../../api/client';
import { parseEnteredPrice } from '../../lib/price-format';
import { paymentsApi } from '../payments/api';
import type { ConsoleStore, SliceCreator } from '../../store/types';
import type { PublicPayment as Payment } from '../../../contract/payments';
import { isAssetCode, type AssetCode } from '../../../contract/asset';

export interface InvoiceDraft {
  /** what the customer pays in; one the store no longer takes falls back to the first it does */
  currency: AssetCode;
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
  setDraft(patch: Partial<InvoiceDraft>): void;
  createInvoice(): Promise<Payment | null>;
  refreshInvoice(): Promise<void>;
  clearInvoice(): void;
}

const EMPTY: InvoiceDraft = { currency: 'USDT', amount: '', externalId: '', description: '', expiryMinutes: '30' };

/** The draft's asset if the store takes it, else the first the store takes. */
export const draftAsset = (d: InvoiceDraft, accepted: readonly AssetCode[]): AssetCode =>
  accepted.includes(d.currency) ? d.currency : (accepted[0] ?? d.currency);

/**
 * The checks a person needs before a round trip, and the amount as the service takes it ("12,50" is
 * 12.50, as on the till); the service repeats the checks and has the last word.
 */
export function readDraft(
  d: InvoiceDraft,
  currency: string,
): { amount: string } | { problem: NonNullable<InvoiceSlice['invoiceError']> } {
  // in the currency's decimals: 1.123456789 is a Toncoin amount, too fine for USDT; 3.405 too fine for EUR
  const entered = parseEnteredPrice(d.amount, currency);
  if (!entered.ok) return { problem: { field: 'amount', message: entered.message } };
  const minutes = Number(d.expiryMinutes);
  if (!Number.isInteger(minutes) || minutes < 1 || minutes > 7 * 24 * 60)
    return { problem: { field: 'expiresInSeconds', message: 'Expiry is 1 minute to 7 days.' } };
  return { amount: entered.amount };
}

/** What the desk form prices in: the store's fiat currency, else the asset chosen (an asset store is paid in it). */
export const pricedIn = (storeCurrency: string | undefined, asset: AssetCode): string =>
  storeCurrency === undefined || isAssetCode(storeCurrency) ? asset : storeCurrency;

export const createInvoiceSlice: SliceCreator<InvoiceSlice> = (set, get) => ({
  draft: EMPTY,
  invoice: null,
  invoiceError: null,
  isCreating: false,
  setDraft: (patch) => set((s) => ({ draft: { ...s.draft, ...patch }, invoiceError: null })),
  createInvoice: async () => {
    const d = get().draft;
    const asset = draftAsset(d, get().acceptedAssets);
    // a store pricing in EUR asks EUR; the customer pays in an asset at a rate locked now
    const currency = pricedIn(get().pricing?.storeCurrency, asset);
    const checked = readDraft(d, currency);
    if ('problem' in checked) {
      set({ invoiceError: checked.problem });
      return null;
    }
    set({ isCreating: true, invoiceError: null });
    try {
      const invoice = await paymentsApi.create({
        currency,
        amount: checked.amount,
        ...(d.externalId.trim() ? { externalId: d.externalId.trim() } : {}),
        ...(d.description.trim() ? { description: d.description.trim() } : {}),
        expiresInSeconds: Math.max(60, Number(d.expiryMinutes) * 60),
      });
      set({ invoice, draft: { ...EMPTY, currency: asset, expiryMinutes: d.expiryMinutes } });
      return invoice;
    } catch (err) {
      const apiError = err instanceof ApiError ? err : null;
      if (apiError?.status === 400 || apiError?.status === 409)
        set({ invoiceError: { field: apiError.field ?? null, message: apiError.message } });
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
    } catch {
      /* polled again shortly */
    }
  },
  clearInvoice: () => set({ invoice: null }),
});

export const selectInvoiceDraft = (s: ConsoleStore) => s.draft;
export const selectInvoice = (s: ConsoleStore) => s.invoice;
export const selectInvoiceError = (s: ConsoleStore) => s.invoiceError;
export const selectIsCreatingInvoice = (s: ConsoleStore) => s.isCreating;
export const selectInvoiceActions = (s: ConsoleStore) => ({
  setDraft: s.setDraft,
  createInvoice: s.createInvoice,
  refreshInvoice: s.refreshInvoice,
  clearInvoice: s.clearInvoice,
});
