import { formatAmount, parseAmount } from '../../../contract/amount';
import type { CatalogueItem } from '../../../contract/console';
import type { PublicPayment as Payment } from '../../../contract/payments';
import { ApiError } from '../../api/client';
import { catalogueApi } from './catalogue-api';
import { paymentsApi } from '../payments/api';
import { parseEnteredAmount } from '../../lib/format';
import type { ConsoleStore, SliceCreator } from '../../store/types';

/** Item id -> quantity. */
export type Cart = Readonly<Record<string, number>>;
export interface CartLine {
  item: CatalogueItem;
  quantity: number;
}

/** The till as a cashier works it: a keypad entry or a cart from the catalogue, charged as an invoice. */
export interface TillSlice {
  /** the console shows the till instead of its screens */
  isTill: boolean;
  /** the invoice on the customer's screen; none while the keypad shows */
  tillInvoice: Payment | null;
  tillEntry: string;
  cart: Cart;
  catalogue: CatalogueItem[];
  isCharging: boolean;
  tillError: string | null;
  isSavingCatalogue: boolean;
  /** a key of the keypad or the keyboard: a digit, "," or ".", "Backspace", "Clear" */
  pressTillKey(key: string): void;
  addToCart(id: string): void;
  removeFromCart(id: string): void;
  clearCart(): void;
  loadCatalogue(): Promise<void>;
  saveCatalogue(items: CatalogueItem[]): Promise<boolean>;
  /** Creates the invoice for the cart, or else the keypad's amount, and shows it on the till. */
  chargeTill(): Promise<void>;
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

const MAX_DECIMALS = 6;
const MAX_QUANTITY = 999;

/** The entry after one key; a key that would make it no amount is ignored. */
export function nextEntry(entry: string, key: string): string {
  if (key === 'Clear') return '';
  if (key === 'Backspace') return entry.slice(0, -1);
  const separator = /[.,]/.exec(entry);
  if (key === ',' || key === '.') return separator ? entry : `${entry || '0'}${key}`;
  if (!/^\d$/.test(key)) return entry;
  if (separator && entry.length - separator.index - 1 >= MAX_DECIMALS) return entry;
  return entry === '0' ? key : entry + key;
}

export function cartLines(items: readonly CatalogueItem[], cart: Cart): CartLine[] {
  return items.filter((item) => (cart[item.id] ?? 0) > 0).map((item) => ({ item, quantity: cart[item.id]! }));
}

/** The cart's total in micro-USDT: exact, whatever the prices and quantities. */
export function cartTotalMicro(items: readonly CatalogueItem[], cart: Cart): bigint {
  return cartLines(items, cart).reduce((sum, { item, quantity }) => {
    const price = parseAmount(item.price, 10n ** 21n);
    return price.ok ? sum + price.value * BigInt(quantity) : sum;
  }, 0n);
}

/** "2 × Espresso, 1 × Croissant", within the service's 500 characters. */
const describeCart = (lines: CartLine[]): string => {
  const text = lines.map(({ item, quantity }) => `${quantity} × ${item.name}`).join(', ');
  return text.length > 500 ? `${text.slice(0, 499)}…` : text;
};

const EMPTY_SALE = { tillEntry: '', cart: {}, tillError: null };

export const createTillSlice: SliceCreator<TillSlice> = (set, get) => ({
  isTill: false,
  tillInvoice: null,
  tillEntry: '',
  cart: {},
  catalogue: [],
  isCharging: false,
  tillError: null,
  isSavingCatalogue: false,
  pressTillKey: (key) => set((s) => ({ tillEntry: nextEntry(s.tillEntry, key), tillError: null })),
  addToCart: (id) =>
    set((s) => ({ cart: { ...s.cart, [id]: Math.min(MAX_QUANTITY, (s.cart[id] ?? 0) + 1) }, tillError: null })),
  removeFromCart: (id) =>
    set((s) => {
      const { [id]: quantity = 0, ...rest } = s.cart;
      return { cart: quantity > 1 ? { ...rest, [id]: quantity - 1 } : rest };
    }),
  clearCart: () => set({ cart: {} }),
  loadCatalogue: async () => {
    try {
      set({ catalogue: (await catalogueApi.get()).items });
    } catch (err) {
      get().fail(err, 'Could not load the catalogue');
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
    const { catalogue, cart, tillEntry } = get();
    const lines = cartLines(catalogue, cart);
    const entered =
      lines.length > 0
        ? { ok: true as const, amount: formatAmount(cartTotalMicro(catalogue, cart)) }
        : parseEnteredAmount(tillEntry);
    if (!entered.ok) {
      set({ tillError: entered.message });
      return;
    }
    set({ isCharging: true, tillError: null });
    try {
      const invoice = await paymentsApi.create({
        amount: entered.amount,
        ...(lines.length > 0 ? { description: describeCart(lines) } : {}),
      });
      set({ tillInvoice: invoice, ...EMPTY_SALE });
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) set({ tillError: err.message });
      else get().fail(err, 'Could not create the invoice');
    } finally {
      set({ isCharging: false });
    }
  },
  newSale: () => set({ tillInvoice: null, ...EMPTY_SALE }),
  openTill: () => set({ isTill: true, tillInvoice: null, ...EMPTY_SALE }),
  showOnTill: (invoice) => set({ isTill: true, tillInvoice: invoice }),
  closeTill: () => set({ isTill: false }),
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

export const selectIsTill = (s: ConsoleStore) => s.isTill;
export const selectTillInvoice = (s: ConsoleStore) => s.tillInvoice;
export const selectTillEntry = (s: ConsoleStore) => s.tillEntry;
export const selectCart = (s: ConsoleStore) => s.cart;
export const selectCatalogue = (s: ConsoleStore) => s.catalogue;
export const selectIsCharging = (s: ConsoleStore) => s.isCharging;
export const selectTillError = (s: ConsoleStore) => s.tillError;
export const selectIsSavingCatalogue = (s: ConsoleStore) => s.isSavingCatalogue;
export const selectCartSize = (s: ConsoleStore) => Object.values(s.cart).reduce((n, q) => n + q, 0);
/** The cart's total as the decimal string the till shows and charges. */
export const selectCartTotal = (s: ConsoleStore) => formatAmount(cartTotalMicro(s.catalogue, s.cart));
export const selectTillActions = (s: ConsoleStore) => ({
  pressTillKey: s.pressTillKey,
  addToCart: s.addToCart,
  removeFromCart: s.removeFromCart,
  clearCart: s.clearCart,
  loadCatalogue: s.loadCatalogue,
  saveCatalogue: s.saveCatalogue,
  chargeTill: s.chargeTill,
  newSale: s.newSale,
  openTill: s.openTill,
  showOnTill: s.showOnTill,
  closeTill: s.closeTill,
  refreshTillInvoice: s.refreshTillInvoice,
});
