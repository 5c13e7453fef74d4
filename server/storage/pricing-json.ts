import type { AssetCode } from '../../contract/asset';
import type { Pricing } from './records';

/** How a quote is kept in pricing_json: its amount as decimal text of base units, exact at any size. */
interface StoredQuote {
  asset: AssetCode;
  amount: string;
  rate: string;
  source: string;
  fixedAt: number;
}

interface StoredPricing {
  price: { amount: string; currency: string };
  quotes: StoredQuote[];
}

/** The one writer of payments.pricing_json, for both engines. */
export function pricingToJson(pricing: Pricing | null): string | null {
  if (!pricing) return null;
  const stored: StoredPricing = {
    price: pricing.price,
    quotes: pricing.quotes.map((q) => ({ ...q, amount: q.amount.toString() })),
  };
  return JSON.stringify(stored);
}

/** The one reader of payments.pricing_json, for both engines. */
export function pricingFromJson(text: string | null): Pricing | null {
  if (text === null) return null;
  const stored = JSON.parse(text) as StoredPricing;
  return { price: stored.price, quotes: stored.quotes.map((q) => ({ ...q, amount: BigInt(q.amount) })) };
}

/**
 * A LIKE pattern matching the pricing_json of a price quoted in `asset`: the writer above puts
 * `"asset":"TON"` in each quote, with no spaces (an asset code has no LIKE wildcards).
 */
export const quotedInPattern = (asset: AssetCode): string => `%"asset":"${asset}"%`;
