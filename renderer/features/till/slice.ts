import { formatAmount } from '../../../contract/amount';
import type { AssetCode } from '../../../contract/asset';
import type { CatalogueItem } from '../../../contract/console';
import type { PublicPayment as Payment } from '../../../contract/payments';
import { ApiError } from '../../api/client';
import { catalogueApi } from './catalogue-api';
import { paymentsApi } from '../payments/api';
import { parseEnteredAmount } from '../../lib/format';
import { cartTotal, describeSale, nextEntry, saleLines, type Cart, type SaleLine } from './cart';
import { rememberedTillAsset, rememberTillAsset } from './till-asset';
import { loadStoreFiat, nextFiatEntry, parseFiatEntry } from './fiat-sale';
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
  tillEntry: string;
  cart: Cart;
  /** amounts typed on the keypad and added to the cart as lines of their own, exact decimals */
  typedAmounts: string[];
  /** the lines of the sale on the customer's screen; null for an invoice made elsewhere */
  tillSaleLines: SaleLine[] | null;
  /** the tip the invoice on the customer's screen includes, in base units of its asset (0n: none) */
  tillTip: bigint;
  catalogue: CatalogueItem[];
  isCharging: boolean;
  tillError: string | null;
  isSavingCatalogue: boolean;
  /** Rings the next sale up in `asset`: the entry and the cart start again (the catalogue is priced in USDT). */
  chooseTillAsset(asset: AssetCode): void;
  /** a key of the keypad or the keyboard: a digit, "," or ".", "Backspace", "Clear" */
  pressTillKey(key: string): void;
  addToCart(id: string): void;
  removeFromCart(id: string): void;
  clearCart(): void;
  /** Adds the keypad's amount to the cart as a line; false (and why, as the till's error) when it is no amount. */
  addTypedToCart(): boolean;
  loadCatalogue(): Promise<void>;
  /** Reads the store's currency (pricing settings); an asset, or a settings read that fails, keeps the asset keypad. */
  loadTillFiat(): Promise<void>;
  saveCatalogue(items: CatalogueItem[]): Promise<boolean>;
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
  tillEntry: '',
  cart: {},
  typedAmounts: [],
  tillSaleLines: null,
  tillTip: 0n,
  catalogue: [],
  isCharging: false,
  tillError: null,
  isSavingCatalogue: false,
  chooseTillAsset: (asset) => {
    if (asset === selectTillAsset(get())) return;
    rememberTillAsset(asset);
    set({ tillAsset: asset, ...EMPTY_SALE });
  },
  pressTillKey: (key) =>
    set((s) => ({
      tillEntry: s.tillFiat
        ? nextFiatEntry(s.tillEntry, key, s.tillFiat)
        : nextEntry(s.tillEntry, key, selectTillAsset(s)),
      tillError: null,
    })),
  addToCart: (id) =>
    set((s) => ({ cart: { ...s.cart, [id]: Math.min(MAX_QUANTITY, (s.cart[id] ?? 0) + 1) }, tillError: null })),
  removeFromCart: (id) =>
    set((s) => {
      const { [id]: quantity = 0, ...rest } = s.cart;
      return { cart: quantity > 1 ? { ...rest, [id]: quantity - 1 } : rest };
    }),
  clearCart: () => set({ cart: {}, typedAmounts: [] }),
  addTypedToCart: () => {
    const entered = parseEnteredAmount(get().tillEntry, selectTillAsset(get()));
    if (!entered.ok) set({ tillError: entered.message });
    else set((s) => ({ typedAmounts: [...s.typedAmounts, entered.amount], tillEntry: '', tillError: null }));
    return entered.ok;
  },
  loadCatalogue: async () => {
    try {
      set({ catalogue: (await catalogueApi.get()).items });
    } catch (err) {
      get().fail(err, 'Could not load the catalogue');
    }
  },
  loadTillFiat: async () => {
    try {
      const fiat = await loadStoreFiat();
      if (fiat !== get().tillFiat) set({ tillFiat: fiat, ...EMPTY_SALE });
    } catch {
      /* no pricing settings to read: the till stays in the asset */
    }
  },
  saveCatalogue: async (items) => {
    set({ isSavingCatalogue: true });
    try {
      const saved = await catalogueApi.save(items);
      set((s) => ({
        catalogue: saved.items,
        cart: Object.fromEntries(Object.entries(s.cart).filter(([id]) => saved.items.some((i) => i.id === id))),
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
    const fiat = get().tillFiat;
    if (fiat) return chargeFiat(get, set, fiat);
    // an amount typed into a cart joins it rather than being lost
    if (get().tillEntry !== '' && selectCartSize(get()) > 0 && !get().addTypedToCart()) return;
    const { catalogue, cart, typedAmounts, tillEntry } = get();
    const asset = selectTillAsset(get());
    const lines = saleLines(catalogue, cart, typedAmounts, asset);
    const total = cartTotal(catalogue, cart, typedAmounts, asset);
    const entered =
      lines.length > 0
        ? { ok: true as const, amount: formatAmount(total, asset), micro: total }
        : parseEnteredAmount(tillEntry, asset);
    if (!entered.ok) {
      set({ tillError: entered.message });
      return;
    }
    const sale = { amount: entered.amount, baseUnits: entered.micro, asset, lines };
    if (!get().askForTip(sale)) await get().chargeSale(sale, 0n);
  },
  chargeSale: async ({ baseUnits, asset, lines }, tip) => {
    set({ isCharging: true, tillError: null });
    try {
      const invoice = await paymentsApi.create({
        currency: asset,
        amount: formatAmount(baseUnits + tip, asset),
        ...(tip > 0n ? { tip: formatAmount(tip, asset) } : {}),
        ...(lines.length > 0 ? { description: describeSale(lines) } : {}),
      });
      set({ tillInvoice: invoice, tillSaleLines: lines.length > 0 ? lines : null, tillTip: tip, ...EMPTY_SALE });
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) set({ tillError: err.message });
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

/** A price typed in the store's currency: the invoice states it, quoted in each asset the store takes (no tip, no catalogue). */
async function chargeFiat(get: () => ConsoleStore, set: (partial: Partial<ConsoleStore>) => void, fiat: string) {
  const entered = parseFiatEntry(get().tillEntry, fiat);
  if (!entered.ok) return set({ tillError: entered.message });
  set({ isCharging: true, tillError: null });
  try {
    const invoice = await paymentsApi.create({ currency: fiat, amount: entered.amount });
    set({ tillInvoice: invoice, tillSaleLines: null, tillTip: 0n, ...EMPTY_SALE });
  } catch (err) {
    if (err instanceof ApiError && (err.status === 400 || err.status === 503)) set({ tillError: err.message });
    else get().fail(err, 'Could not create the invoice');
  } finally {
    set({ isCharging: false });
  }
}

/** The asset a sale is rung up in: the one last chosen while the store still takes it, else the first it takes. */
export const selectTillAsset = (s: ConsoleStore): AssetCode =>
  s.acceptedAssets.includes(s.tillAsset) ? s.tillAsset : (s.acceptedAssets[0] ?? s.tillAsset);
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
  formatAmount(cartTotal(s.catalogue, s.cart, s.typedAmounts, selectTillAsset(s)), selectTillAsset(s));
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
