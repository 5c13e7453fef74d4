import { parseDecimal } from '../../../contract/amount';
import { priceDigitsOf, type CatalogueItem } from '../../../contract/console';
import { formatUnits } from './sale-currency';

export { nextEntry } from './sale-currency';

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
  /** quantity × price, exact, as a decimal string in the sale's currency */
  total: string;
}

const PRICE_MAX = 10n ** 21n;

export function cartLines(items: readonly CatalogueItem[], cart: Cart): CartLine[] {
  return items.filter((item) => (cart[item.id] ?? 0) > 0).map((item) => ({ item, quantity: cart[item.id]! }));
}

/** A price or typed amount in the smallest unit of `currency` (an asset's base units, a fiat currency's cents). */
const unitsOf = (amount: string, currency: string): bigint => {
  const parsed = parseDecimal(amount, PRICE_MAX, priceDigitsOf(currency));
  return parsed.ok ? parsed.value : 0n;
};

/**
 * The sale's lines and their totals in units of `currency` (the catalogue's, which the till sells
 * it in): the catalogue's items in the cart, then each amount typed on the keypad ("Amount 12.50").
 */
function pricedLines(
  items: readonly CatalogueItem[],
  cart: Cart,
  typed: readonly string[],
  currency: string,
): { line: SaleLine; units: bigint }[] {
  const line = (quantity: number, name: string, units: bigint) => ({
    line: { quantity, name, total: formatUnits(units, currency) },
    units,
  });
  return [
    ...cartLines(items, cart).map(({ item, quantity }) =>
      line(quantity, item.name, unitsOf(item.price, currency) * BigInt(quantity)),
    ),
    ...typed.map((amount) => line(1, `Amount ${amount}`, unitsOf(amount, currency))),
  ];
}

/** The sale's lines in `currency`, every total exact. */
export function saleLines(
  items: readonly CatalogueItem[],
  cart: Cart,
  typed: readonly string[],
  currency: string,
): SaleLine[] {
  return pricedLines(items, cart, typed, currency).map(({ line }) => line);
}

/** The cart's total in the smallest unit of `currency`: exact bigints, whatever the prices and quantities. */
export function cartTotal(
  items: readonly CatalogueItem[],
  cart: Cart,
  typed: readonly string[],
  currency: string,
): bigint {
  return pricedLines(items, cart, typed, currency).reduce((sum, { units }) => sum + units, 0n);
}

/** "2 × Espresso, 1 × Amount 12.50", within the service's 500 characters (the receipt lists it as items). */
export const describeSale = (lines: readonly SaleLine[]): string => {
  const text = lines.map(({ quantity, name }) => `${quantity} × ${name}`).join(', ');
  return text.length > 500 ? `${text.slice(0, 499)}…` : text;
};
