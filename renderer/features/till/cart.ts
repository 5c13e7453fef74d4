import { formatAmount, parseAmount } from '../../../contract/amount';
import { ASSETS, type AssetCode } from '../../../contract/asset';
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

const PRICE_MAX = 10n ** 21n;

/** The entry after one key; a key that would make it no amount of `asset` is ignored. */
export function nextEntry(entry: string, key: string, asset: AssetCode): string {
  if (key === 'Clear') return '';
  if (key === 'Backspace') return entry.slice(0, -1);
  const separator = /[.,]/.exec(entry);
  if (key === ',' || key === '.') return separator ? entry : `${entry || '0'}${key}`;
  if (!/^\d$/.test(key)) return entry;
  if (separator && entry.length - separator.index - 1 >= ASSETS[asset].decimals) return entry;
  return entry === '0' ? key : entry + key;
}

export function cartLines(items: readonly CatalogueItem[], cart: Cart): CartLine[] {
  return items.filter((item) => (cart[item.id] ?? 0) > 0).map((item) => ({ item, quantity: cart[item.id]! }));
}

const baseUnitsOf = (amount: string, asset: AssetCode): bigint => {
  const parsed = parseAmount(amount, PRICE_MAX, asset);
  return parsed.ok ? parsed.value : 0n;
};

/**
 * The catalogue's prices are in USDT (an item has no asset of its own): a sale in another asset
 * is typed on the keypad, and the till empties the cart when the sale's asset changes.
 */
export const CATALOGUE_ASSET: AssetCode = 'USDT';

/**
 * The sale's lines in `asset`: the catalogue's items in the cart, then each amount typed on the
 * keypad ("Amount 12.50"), every total exact.
 */
export function saleLines(
  items: readonly CatalogueItem[],
  cart: Cart,
  typed: readonly string[],
  asset: AssetCode,
): SaleLine[] {
  return [
    ...cartLines(items, cart).map(({ item, quantity }) => ({
      quantity,
      name: item.name,
      total: formatAmount(baseUnitsOf(item.price, asset) * BigInt(quantity), asset),
    })),
    ...typed.map((amount) => ({ quantity: 1, name: `Amount ${amount}`, total: amount })),
  ];
}

/** The cart's total in base units of `asset`: exact, whatever the prices and quantities. */
export function cartTotal(
  items: readonly CatalogueItem[],
  cart: Cart,
  typed: readonly string[],
  asset: AssetCode,
): bigint {
  return saleLines(items, cart, typed, asset).reduce((sum, line) => sum + baseUnitsOf(line.total, asset), 0n);
}

/** "2 × Espresso, 1 × Amount 12.50", within the service's 500 characters (the receipt lists it as items). */
export const describeSale = (lines: readonly SaleLine[]): string => {
  const text = lines.map(({ quantity, name }) => `${quantity} × ${name}`).join(', ');
  return text.length > 500 ? `${text.slice(0, 499)}…` : text;
};
