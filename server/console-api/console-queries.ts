import { formatAmount, parseAmount } from '../../contract/amount';
import { ASSET_CODES, type AssetCode } from '../../contract/asset';
import type { PaymentRowView, VolumeBucket } from '../../contract/console';
import type { PaymentStatus } from '../../contract/payments';
import { percentOf } from '../../contract/price';
import { quoteIn } from '../payments/fiat-pricing';
import type { PaymentService } from '../payments/payment-service';
import { toleratedShortfall } from '../payments/payment-state';
import type { Payment } from '../storage/records';
import type { TransferLedger } from '../payments/transfer-ledger';
import type { AssetAmount, PaidVolume, PaymentSearch } from '../storage/ledger-repositories';

/** The console's filters: status, a created range, a search box (any part of id, memo, reference, description, email; or an amount), keyset pages. */
export type ConsolePaymentFilter = PaymentSearch;

export type { PaymentRowView, VolumeBucket };

/** Far above any payment: the search box only needs to tell an amount from text. */
const SEARCH_AMOUNT_MAX = 10n ** 18n;

/**
 * The search box read as an amount, "12,50" or "12.50" alike (people type either), in base units of
 * each asset it can be one in ("1.5": 1500000 micro-USDT, 1500000000 nanotons; "0.0000001" only in
 * TON); none when it is no amount. Exact decimal parsing (contract/amount), never a float.
 */
export function searchedAmounts(q: string | undefined): AssetAmount[] {
  const match = /^(\d+)(?:[.,](\d+))?$/.exec(q?.trim() ?? '');
  if (!match) return [];
  const text = match[2] ? `${match[1]}.${match[2]}` : match[1];
  return ASSET_CODES.flatMap((currency) => {
    const parsed = parseAmount(text, SEARCH_AMOUNT_MAX, currency);
    return parsed.ok ? [{ currency, amount: parsed.value }] : [];
  });
}

const iso = (ms: number): string => new Date(ms).toISOString();

export function presentPaymentRow(p: Payment): PaymentRowView {
  return {
    seq: p.seq,
    id: p.id,
    kind: p.kind,
    status: p.status,
    currency: p.currency,
    amount: formatAmount(p.amount, p.currency),
    paidAmount: formatAmount(p.paidAmount, p.currency),
    overpaidAmount: formatAmount(p.overpaidAmount, p.currency),
    refundedAmount: formatAmount(p.refundedAmount, p.currency),
    externalId: p.externalId,
    memo: p.memo,
    description: p.description,
    late: p.late,
    test: p.test,
    createdAt: iso(p.createdAt),
    paidAt: p.paidAt === null ? null : iso(p.paidAt),
    expiresAt: iso(p.expiresAt),
    ...pricingOf(p),
  };
}

/** The price beside the amount: a fiat price and the locked quote of the asset asked, or the asset's own amount. */
function pricingOf(
  p: Payment,
): Pick<PaymentRowView, 'price' | 'rate' | 'rateSource' | 'shortfall' | 'tolerancePercent'> {
  const quote = quoteIn(p, p.currency);
  return {
    price: p.pricing?.price ?? { amount: formatAmount(p.amount, p.currency), currency: p.currency },
    rate: quote?.rate ?? null,
    rateSource: quote?.source ?? null,
    shortfall: formatAmount(toleratedShortfall(p), p.currency),
    tolerancePercent: percentOf(p.toleranceBps),
  };
}

const presentVolume = (v: PaidVolume, currency: AssetCode): VolumeBucket => ({
  volume: formatAmount(v.amount, currency),
  count: v.count,
});

/** What the console screens read, shaped for them; the payments themselves come from the payment service. */
export class ConsoleQueries {
  constructor(
    private readonly payments: PaymentService,
    private readonly ledger: TransferLedger,
  ) {}

  async listPayments(filter: ConsolePaymentFilter): Promise<PaymentRowView[]> {
    return (await this.payments.search(filter)).map(presentPaymentRow);
  }

  countsByStatus(includeTest: boolean): Promise<Record<PaymentStatus, number>> {
    return this.payments.countByStatus(includeTest);
  }

  async paidVolume(from: number, to: number, includeTest: boolean, currency: AssetCode): Promise<VolumeBucket> {
    return presentVolume(await this.payments.paidVolume(from, to, includeTest, currency), currency);
  }

  /** Paid volume in one asset per day for `days` days starting at `origin` (a local midnight, epoch ms). */
  async dailyVolume(origin: number, days: number, includeTest: boolean, currency: AssetCode): Promise<VolumeBucket[]> {
    return (await this.payments.dailyPaidVolume(origin, days, includeTest, currency)).map((v) =>
      presentVolume(v, currency),
    );
  }

  unmatchedCount(): Promise<number> {
    return this.ledger.countUnmatched();
  }
}
