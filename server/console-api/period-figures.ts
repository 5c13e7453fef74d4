import { formatAmount } from '../../contract/amount';
import { ASSET_CODES, type AssetCode } from '../../contract/asset';
import type { AssetTakings, CloseDayFigure, Takings } from '../../contract/reports';
import type { PaymentService } from '../payments/payment-service';
import type { CloseOfDayFigures, PaidVolume } from '../storage/ledger-repositories';
import { nextDate, startOfDay } from '../util/zoned-day';
import { priceTotals, pricesLedBy } from './price-totals';

const DAY_MS = 86_400_000;

/** What the ledger sums over a span: each outcome of the close, and the refunds sent in it. */
export type SpanSums = CloseOfDayFigures & { refunded: PaidVolume };

/** A span's figures in base units of one asset: the sums and what follows from them. */
export interface PeriodFigures extends SpanSums {
  /** every payment holding money, once: paid + overpaid + partially paid */
  takenIn: PaidVolume;
  /** of takenIn, what overpayments brought beyond the amounts they asked */
  beyondAmount: bigint;
  /** takenIn less the refunds sent; negative when more went back than came in */
  netTakings: bigint;
}

/**
 * The one definition of what a day (or a range) took: the dashboard and the close both read it, so
 * their figures cannot disagree. Pure: the sums come from the ledger, the rules from here.
 */
export function periodFigures(sums: SpanSums): PeriodFigures {
  const { paid, overpaid, partiallyPaid, refunded } = sums;
  const takenIn: PaidVolume = {
    count: paid.count + overpaid.count + partiallyPaid.count,
    amount: paid.amount + overpaid.amount + partiallyPaid.amount,
  };
  return { ...sums, takenIn, beyondAmount: overpaid.extra, netTakings: takenIn.amount - refunded.amount };
}

/** The calendar date `days` after `date` (YYYY-MM-DD; negative goes back): dates, not instants, so no zone applies. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** How many calendar days `first` through `last` are, both included (0 or less when `last` is before `first`). */
export function daysInSpan(first: string, last: string): number {
  return Math.round((Date.parse(`${last}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / DAY_MS) + 1;
}

/** The Monday of the week holding `date`: weeks start on Monday, as in most of the world's shops. */
export function mondayOf(date: string): string {
  const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(date, -weekday);
}

/** The local days `first` through `last` of `timeZone` as [start, end) epoch ms. */
export function spanBounds(first: string, last: string, timeZone: string): { start: number; end: number } {
  return { start: startOfDay(first, timeZone), end: startOfDay(nextDate(last), timeZone) };
}

/** One asset's figures over a period. */
export interface AssetFigures {
  currency: AssetCode;
  figures: PeriodFigures;
}

export interface Period {
  first: string;
  last: string;
  timeZone: string;
  /** whether test payments (the widget preview's, the demo shop's) count */
  includeTest: boolean;
  start: number;
  end: number;
  /** every asset in the registry, in its order, each summed alone: USDT is never added to TON */
  assets: AssetFigures[];
}

/** The figures of the local days `first` through `last` in the store's `timeZone`, an asset at a time. */
export async function readPeriod(
  payments: Pick<PaymentService, 'closeOfDay'>,
  span: { first: string; last: string; timeZone: string; includeTest: boolean },
): Promise<Period> {
  const { start, end } = spanBounds(span.first, span.last, span.timeZone);
  const assets = await Promise.all(
    ASSET_CODES.map(async (currency) => ({
      currency,
      figures: periodFigures(await payments.closeOfDay(start, end, span.includeTest, currency)),
    })),
  );
  return { ...span, start, end, assets };
}

/** One asset's figures of a period (every period has every asset's). */
export const figuresIn = (p: Period, currency: AssetCode): PeriodFigures =>
  p.assets.find((a) => a.currency === currency)!.figures;

const hasMoney = (f: PeriodFigures): boolean => f.takenIn.count + f.refunded.count + f.expired.count > 0;

/** The assets a report shows: those the store takes, and any other that moved money in the span. */
export const reportedAssets = (p: Period, accepted: readonly AssetCode[]): AssetFigures[] =>
  p.assets.filter((a) => accepted.includes(a.currency) || hasMoney(a.figures));

export const presentFigure = (v: PaidVolume, currency: AssetCode): CloseDayFigure => ({
  count: v.count,
  total: formatAmount(v.amount, currency),
});

function presentAssetTakings({ currency, figures: f }: AssetFigures): AssetTakings {
  return {
    currency,
    takenIn: presentFigure(f.takenIn, currency),
    beyondAmount: formatAmount(f.beyondAmount, currency),
    refunded: presentFigure(f.refunded, currency),
    netTakings: formatAmount(f.netTakings, currency),
    tips: presentFigure(f.tips, currency),
  };
}

/**
 * The takings as the dashboard shows them: the close's words and figures, USDT's at the top level (as
 * before Toncoin), a set per asset the store takes or was paid in, and the fiat prices of the
 * completed payments (over every asset, as the close's), led by the store's currency.
 */
export function presentTakings(p: Period, accepted: readonly AssetCode[], storeCurrency: string): Takings {
  const { currency, ...usdt } = presentAssetTakings({ currency: 'USDT', figures: figuresIn(p, 'USDT') });
  void currency;
  return {
    date: p.first,
    through: p.last,
    timeZone: p.timeZone,
    ...usdt,
    includeTest: p.includeTest,
    assets: reportedAssets(p, accepted).map(presentAssetTakings),
    storeCurrency,
    prices: pricesLedBy(storeCurrency, priceTotals(p.assets.flatMap((a) => a.figures.prices))),
  };
}
