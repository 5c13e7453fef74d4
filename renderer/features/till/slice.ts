import type { AssetCode } from '../../../contract/asset';
import type { CatalogueItem } from '../../../contract/console';
import type { PublicPayment as Payment } from '../../../contract/payments';
import { ApiError } from '../../api/client';
import { catalogueApi } from './catalogue-api';
import { paymentsApi } from '../payments/api';
import { cartTotal, describeSale, saleLines, type Cart, type SaleLine } from './cart';
import { rememberedTillAsset, rememberTillAsset } from './till-asset';
import { fiatOrNull, loadStoreCurrency } from './fiat-sale';
import { formatUnits, nextEntry, parseSaleEntry } from './sale-currency';
import { createTillLeaving, type TillLeavingSlice } from './leaving';
import { createTipStep, type SaleToCharge, type TipStepSlice } from './tip-step';

export { cartLines, cartTotal, nextEntry, type Cart, type CartLine, type SaleLine } from './cart';
import type { ConsoleStore, SliceCreator } from '../../store/types';

/** The till as a cashier works it: a keypad entry or a cart from the catalogue, charged as an invoice. */
export interface TillSlice extends TillLeavingSlice, TipStepSlice {
  /** the console shows the till instead of its screens */
  isTill: boolean;
  /** the invoice on the customer's screen; none while the keypad shows */
  tillInvoice: Payment | null;
  /** the asset last chosen for a sale, remembered; selectTillAsset is the one a sale is rung up in */
  tillAsset: AssetCode;
  /** the store's currency when it is an ISO 4217 code: the keypad types prices in it, the customer picks the asset */
  tillFiat: string | null;
  /** the store's currency as the session says it (an asset or an ISO 4217 code); null until read */
  storeCurrency: string | null;
  tillEntry: string;
  cart: Cart;
  /** amounts typed on the keypad and added to the cart as lines of their own, exact decimals */
  typedAmounts: string[];
  /** the lines of the sale on the customer's screen; null for an invoice made elsewhere */
  tillSaleLines: SaleLine[] | null;
  /** the tip the invoice on the customer's screen includes, in the smallest unit of its price's currency (0n: none) */
  tillTip: bigint;
  catalogue: CatalogueItem[];
  /** what the catalogue's prices are in: the till sells from it only in that currency */
  catalogueCurrency: string;
  isCharging: boolean;
  tillError: string | null;
  isSavingCatalogue: boolean;
  /** Rings the next sale up in `asset`: the entry and the cart start again (the catalogue has one currency). */
  chooseTillAsset(asset: AssetCode): void;
  /** a key of the keypad or the keyboard: a digit, "," or ".", "Backspace", "Clear" */
  pressTillKey(key: string): void;
  addToCart(id: string): void;
  removeFromCart(id: string): void;
  clearCart(): void;
  /** Adds the keypad's amount to the cart as a line; false (and why, as the till's error) when it is no amount. */
  addTypedToCart(): boolean;
  loadCatalogue(): Promise<void>;
  /** Reads the store's currency (the session); an asset, or a read that fails, keeps the asset keypad. */
  loadTillFiat(): Promise<void>;
  /** Saves the catalogue priced in `currency` (absent: the service prices it in the store's currency). */
  saveCatalogue(items: CatalogueItem[], currency?: string): Promise<boolean>;
  /** Charges the cart, or else the keypad's amount: asks for a tip first when tips are on. */
  chargeTill(): Promise<void>;
  /** Creates the invoice for the sale plus its tip and shows it on the till. */
  chargeSale(sale: SaleToCharge, tip: bigint): Promise<void>;
  /** Back to an empty keypad; the invoice shown stays as it is on the service. */
  newSale(): void;
  /** Opens the till on an empty keypad. */
  openTill(): void;
  /** Opens the till on an invoice made elsewhere (the desk form, a payment's page), for the customer to pay. */
  showOnTill(invoice: Payment): void;
  /** Back to the console's screens; the keypad's entry and the cart wait for the next time. */
  closeTill(): void;
  /** Reads the till's invoice again (after the live stream missed events). */
  refreshTillInvoice(): Promise<void>;
}

const MAX_QUANTITY = 999;

const EMPTY_SALE = { tillEntry: '', cart: {}, typedAmounts: [], tillError: null, tipSale: null, customTipEntry: null };

export const createTillSlice: SliceCreator<TillSlice> = (set, get, store) => ({
  ...createTillLeaving(set, get, store),
  ...createTipStep(set, get, store),
  isTill: false,
  tillInvoice: null,
  tillAsset: rememberedTillAsset(),
  tillFiat: null,
  storeCurrency: null,
  tillEntry: '',
  cart: {},
  typedAmounts: [],
  tillSaleLines: null,
  tillTip: 0n,
  catalogue: [],
  catalogueCurrency: 'USDT',
  isCharging: false,
  tillError: null,
  isSavingCatalogue: false,
  chooseTillAsset: (asset) => {
    if (asset === selectTillAsset(get())) return;
    rememberTillAsset(asset);
    set({ tillAsset: asset, ...EMPTY_SALE });
  },
  pressTillKey: (key) =>
    set((s) => ({ tillEntry: nextEntry(s.tillEntry, key, selectSaleCurrency(s)), tillError: null })),
  addToCart: (id) =>
    set((s) => ({ cart: { ...s.cart, [id]: Math.min(MAX_QUANTITY, (s.cart[id] ?? 0) + 1) }, tillError: null })),
  removeFromCart: (id) =>
    set((s) => {
      const { [id]: quantity = 0, ...rest } = s.cart;
      return { cart: quantity > 1 ? { ...rest, [id]: quantity - 1 } : rest };
    }),
  clearCart: () => set({ cart: {}, typedAmounts: [] }),
  addTypedToCart: () => {
    const entered = parseSaleEntry(get().tillEntry, selectSaleCurrency(get()));
    if (!entered.ok) set({ tillError: entered.message });
    else set((s) => ({ typedAmounts: [...s.typedAmounts, entered.amount], tillEntry: '', tillError: null }));
    return entered.ok;
  },
  loadCatalogue: async () => {
    try {
      const { currency, items } = await catalogueApi.get();
      // a cart priced in another currency than the catalogue's now would be charged wrong: it starts again
      set((s) =>
        currency === s.catalogueCurrency
          ? { catalogue: items }
          : { catalogue: items, catalogueCurrency: currency, cart: {} },
      );
    } catch (err) {
      get().fail(err, 'Could not load the catalogue');
    }
  },
  loadTillFiat: async () => {
    try {
      const storeCurrency = await loadStoreCurrency();
      const fiat = fiatOrNull(storeCurrency);
      set(fiat === get().tillFiat ? { storeCurrency } : { storeCurrency, tillFiat: fiat, ...EMPTY_SALE });
    } catch {
      /* no pricing settings to read: the till stays in the asset */
    }
  },
  saveCatalogue: async (items, currency) => {
    set({ isSavingCatalogue: true });
    try {
      const saved = await catalogueApi.save(items, currency);
      set((s) => ({
        catalogue: saved.items,
        catalogueCurrency: saved.currency,
        cart:
          saved.currency === s.catalogueCurrency
            ? Object.fromEntries(Object.entries(s.cart).filter(([id]) => saved.items.some((i) => i.id === id)))
            : {},
      }));
      get().toast('success', 'Catalogue saved');
      return true;
    } catch (err) {
      get().fail(err, 'Could not save the catalogue');
      return false;
    } finally {
      set({ isSavingCatalogue: false });
    }
  },
  chargeTill: async () => {
    // an amount typed into a cart joins it rather than being lost
    if (get().tillEntry !== '' && selectCartSize(get()) > 0 && !get().addTypedToCart()) return;
    const sale = saleToCharge(get());
    if (!sale.ok) return set({ tillError: sale.message });
    if (!get().askForTip(sale.sale)) await get().chargeSale(sale.sale, 0n);
  },
  chargeSale: async ({ baseUnits, currency, lines }, tip) => {
    set({ isCharging: true, tillError: null });
    try {
      const invoice = await paymentsApi.create({
        currency,
        amount: formatUnits(baseUnits + tip, currency),
        // a fiat price's tip is in the price's currency too: the service keeps its share of each quote
        ...(tip > 0n ? { tip: formatUnits(tip, currency) } : {}),
        ...(lines.length > 0 ? { description: describeSale(lines) } : {}),
      });
      set({ tillInvoice: invoice, tillSaleLines: lines.length > 0 ? lines : null, tillTip: tip, ...EMPTY_SALE });
    } catch (err) {
      // a price no rate converts (503) is the cashier's to know at once, like a refused amount
      if (err instanceof ApiError && (err.status === 400 || err.status === 503)) set({ tillError: err.message });
      else get().fail(err, 'Could not create the invoice');
    } finally {
      set({ isCharging: false });
    }
  },
  newSale: () => set({ tillInvoice: null, tillSaleLines: null, tillLeaving: null, ...EMPTY_SALE }),
  openTill: () => set({ isTill: true, tillInvoice: null, tillSaleLines: null, ...EMPTY_SALE }),
  showOnTill: (invoice) => set({ isTill: true, tillInvoice: invoice, tillSaleLines: null, tillTip: 0n }),
  closeTill: () => set({ isTill: false, tillLeaving: null }),
  refreshTillInvoice: async () => {
    const current = get().tillInvoice;
    if (!current) return;
    try {
      const { payment } = await paymentsApi.detail(current.id);
      if (get().tillInvoice?.id === payment.id) set({ tillInvoice: payment });
    } catch {
      /* the stream brings the next change */
    }
  },
});

/** The cart (priced in the sale's currency), else the keypad's amount, as the sale to charge; or why it is none. */
function saleToCharge(s: ConsoleStore): { ok: true; sale: SaleToCharge } | { ok: false; message: string } {
  const currency = selectSaleCurrency(s);
  // items priced in another currency are never charged as this one's (the till empties such a cart)
  const cart = selectCatalogueSells(s) ? s.cart : {};
  const lines = saleLines(s.catalogue, cart, s.typedAmounts, currency);
  if (lines.length > 0) {
    const total = cartTotal(s.catalogue, cart, s.typedAmounts, currency);
    return { ok: true, sale: { amount: formatUnits(total, currency), baseUnits: total, currency, lines } };
  }
  const entered = parseSaleEntry(s.tillEntry, currency);
  if (!entered.ok) return entered;
  return { ok: true, sale: { amount: entered.amount, baseUnits: entered.units, currency, lines } };
}

/** The asset a sale is rung up in: the one last chosen while the store still takes it, else the first it takes. */
export const selectTillAsset = (s: ConsoleStore): AssetCode =>
  s.acceptedAssets.includes(s.tillAsset) ? s.tillAsset : (s.acceptedAssets[0] ?? s.tillAsset);
/** What the sale is priced in: the store's ISO 4217 currency when it has one, else the sale's asset. */
export const selectSaleCurrency = (s: ConsoleStore): string => s.tillFiat ?? selectTillAsset(s);
/** Whether the catalogue can be sold from now: its prices are in the sale's currency. */
export const selectCatalogueSells = (s: ConsoleStore): boolean => s.catalogueCurrency === selectSaleCurrency(s);
export const selectCatalogueCurrency = (s: ConsoleStore) => s.catalogueCurrency;
export const selectStoreCurrency = (s: ConsoleStore) => s.storeCurrency;
export const selectIsTill = (s: ConsoleStore) => s.isTill;
export const selectTillInvoice = (s: ConsoleStore) => s.tillInvoice;
export const selectTillEntry = (s: ConsoleStore) => s.tillEntry;
export const selectTillFiat = (s: ConsoleStore) => s.tillFiat;
export const selectCart = (s: ConsoleStore) => s.cart;
export const selectCatalogue = (s: ConsoleStore) => s.catalogue;
export const selectIsCharging = (s: ConsoleStore) => s.isCharging;
export const selectTillError = (s: ConsoleStore) => s.tillError;
export const selectIsSavingCatalogue = (s: ConsoleStore) => s.isSavingCatalogue;
export const selectCartSize = (s: ConsoleStore) =>
  Object.values(s.cart).reduce((n, q) => n + q, 0) + s.typedAmounts.length;
/** The cart's total as the decimal string the till shows and charges. */
export const selectCartTotal = (s: ConsoleStore) =>
  formatUnits(cartTotal(s.catalogue, s.cart, s.typedAmounts, selectSaleCurrency(s)), selectSaleCurrency(s));
export const selectTypedAmounts = (s: ConsoleStore) => s.typedAmounts;
export const selectTillSaleLines = (s: ConsoleStore) => s.tillSaleLines;
export const selectTillTip = (s: ConsoleStore) => s.tillTip;
export const selectTillActions = (s: ConsoleStore) => ({
  chooseTillAsset: s.chooseTillAsset,
  pressTillKey: s.pressTillKey,
  addToCart: s.addToCart,
  removeFromCart: s.removeFromCart,
  clearCart: s.clearCart,
  addTypedToCart: s.addTypedToCart,
  loadCatalogue: s.loadCatalogue,
  loadTillFiat: s.loadTillFiat,
  saveCatalogue: s.saveCatalogue,
  chargeTill: s.chargeTill,
  newSale: s.newSale,
  openTill: s.openTill,
  showOnTill: s.showOnTill,
  closeTill: s.closeTill,
  refreshTillInvoice: s.refreshTillInvoice,
  leaveTill: s.leaveTill,
  keepTillPaymentOpen: s.keepTillPaymentOpen,
  stayOnTill: s.stayOnTill,
  cancelTillPayment: s.cancelTillPayment,
});
