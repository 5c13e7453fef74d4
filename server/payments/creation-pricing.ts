import { parseAmount } from '../../contract/amount';
import { ASSET_CODES, type AssetCode } from '../../contract/asset';
import type { DepositRequest } from '../../contract/payments';
import { toleranceBpsOf } from '../../contract/price';
import { isAssetPriced } from '../../contract/price-schemas';
import { invalidInput, rateUnavailable } from '../domain/errors';
import type { RatesPort } from '../rates/rates-port';
import type { Pricing } from '../storage/records';
import { parseFiatPrice, quotePrice } from './fiat-pricing';

/** What a creation request comes to: the asset and amount asked first, a tip's share of it, a fiat price's quotes. */
export interface PricedRequest {
  currency: AssetCode;
  amount: bigint;
  tip: bigint;
  pricing: Pricing | null;
}

export interface CreationPricingDeps {
  /** where fiat prices get their rates (server/rates/) */
  rates: RatesPort;
  /** the store's pricing settings: the short payment a new payment tolerates */
  pricing: { current(): Promise<{ shortTolerancePercent: string }> };
  /** the largest amount a payment in `asset` may ask for, in its base units */
  maxAmount: (asset: AssetCode) => bigint;
  /** the assets the store takes now; absent, every asset in the registry */
  acceptedAssets?: () => readonly AssetCode[];
}

/**
 * What a new payment asks and tolerates, decided before its unit of work opens (a rate source is
 * asked over the network, and no write waits on it): an asset price as it is, a fiat price as one
 * locked quote per accepted asset, and the store's tolerance as it is now.
 */
export class CreationPricing {
  constructor(private readonly deps: CreationPricingDeps) {}

  /**
   * The asset and amount a request asks: its own for an asset price; for a fiat price the first
   * accepted asset's quote (the customer may choose another). `tip`: in base units of an asset price,
   * in minor units of a fiat one; kept as its share of the amount.
   */
  async priced(request: DepositRequest, tip: bigint | undefined): Promise<PricedRequest> {
    const { currency } = request;
    if (isAssetPriced(currency)) {
      this.assertAccepted(currency);
      const amount = this.checkedAmount(request.amount, currency);
      if (tip !== undefined && tip >= amount) throw invalidInput('tip', 'must be less than the amount');
      return { currency, amount, tip: tip ?? 0n, pricing: null };
    }
    const priceMinor = parseFiatPrice(request.amount, currency);
    if (tip !== undefined && tip >= priceMinor) throw invalidInput('tip', 'must be less than the amount');
    const accepted = this.deps.acceptedAssets?.() ?? ASSET_CODES;
    const rates = await this.deps.rates.ratesFor(currency, accepted);
    const pricing = quotePrice(priceMinor, currency, rates, this.deps.maxAmount);
    const [first] = pricing.quotes;
    if (!first) throw rateUnavailable(`no rate for ${currency}`);
    return { currency: first.asset, amount: first.amount, tip: ((tip ?? 0n) * first.amount) / priceMinor, pricing };
  }

  /** The short payment a payment created now tolerates, in hundredths of a percent: locked on it. */
  async toleranceBps(): Promise<number> {
    return toleranceBpsOf((await this.deps.pricing.current()).shortTolerancePercent) ?? 0;
  }

  private assertAccepted(asset: AssetCode): void {
    const accepted = this.deps.acceptedAssets?.();
    if (!accepted || accepted.includes(asset)) return;
    throw invalidInput('currency', `This store does not take ${asset} payments; it takes ${accepted.join(' and ')}`);
  }

  private checkedAmount(text: string, asset: AssetCode): bigint {
    const parsed = parseAmount(text, this.deps.maxAmount(asset), asset);
    if (!parsed.ok) throw invalidInput('amount', parsed.message);
    return parsed.value;
  }
}
