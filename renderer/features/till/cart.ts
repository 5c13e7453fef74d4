import { formatAmount, parseAmount } from '../../../contract/amount';
import type { CatalogueItem } from '../../../contract/console';

/** Item id -> quantity. */
export type Cart = Readonly<Record<string, number>>;
export interface CartLine {
  item: CatalogueItem;
  quantity: number;
}
/** A line of the sale as the customer's screen lists it: "2 × Espresso", 0.20. */
export interface SaleLine {
  quantity: number;
  name: string;
  /** quantity × price, exact, as a decimal string */
  total: string;
}

const MAX_DECIMALS = 6;
const PRICE_MAX = 10n ** 21n;

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

const microOf = (amount: string): bigint => {
  const parsed = parseAmount(amount, PRICE_MAX, 'USDT');
  return parsed.ok ? parsed.value : 0n;
};

/**
 * The sale's lines: the catalogue's items in the cart, then each amount typed on the keypad
 * ("Amount 12.50"), every total exact.
 */
export function saleLines(items: readonly CatalogueItem[], cart: Cart, typed: readonly string[] = []): SaleLine[] {
  return [
    ...cartLines(items, cart).map(({ item, quantity }) => ({
      quantity,
      name: item.name,
      total: formatAmount(microOf(item.price) * BigInt(quantity), 'USDT'),
    })),
    ...typed.map((amount) => ({ quantity: 1, name: `Amount ${amount}`, total: amount })),
  ];
}

/** The cart's total in micro-USDT: exact, whatever the prices and quantities. */
export function cartTotalMicro(items: readonly CatalogueItem[], cart: Cart, typed: readonly string[] = []): bigint {
  return saleLines(items, cart, typed).reduce((sum, line) => sum + microOf(line.total), 0n);
}

/** "2 × Espresso, 1 × Amount 12.50", within the service's 500 characters (the receipt lists it as items). */
export const describeSale = (lines: readonly SaleLine[]): string => {
  const text = lines.map(({ quantity, name }) => `${quantity} × ${name}`).join(', ');
  return text.length > 500 ? `${text.slice(0, 499)}…` : text;
};
