import { formatAmount, formatAmountForLocale, parseAmount } from '../../contract/amount';
import { ASSETS, type AssetCode } from '../../contract/asset';
import type { PaymentStatus } from '../../contract/payments';

export const STATUS_LABEL: Record<PaymentStatus, string> = {
  pending: 'Pending',
  partially_paid: 'Partially paid',
  paid: 'Paid',
  expired: 'Expired',
  cancelled: 'Cancelled',
};

/**
 * The zone every time is shown in: the store's (Settings → Time zone) once the console has learned
 * it (useStoreTimeZone), the browser's until then. A till's screen and a receipt must agree on the
 * hour, whatever the zone of the computer that shows it.
 */
let displayZone: string = new Intl.DateTimeFormat().resolvedOptions().timeZone;
let formatters = formattersFor(displayZone);

/** One style for every time: the hour and minute 24-hour ("14:05"), the date in the reader's language. */
function formattersFor(timeZone: string) {
  const clock = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone } as const;
  return {
    date: new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone }),
    clock: new Intl.DateTimeFormat(undefined, clock),
    seconds: new Intl.DateTimeFormat(undefined, { ...clock, second: '2-digit' }),
  };
}

/** Called when the console learns the store's zone (an IANA name such as "Europe/Berlin"). */
export function setDisplayTimeZone(timeZone: string): void {
  if (timeZone === displayZone) return;
  displayZone = timeZone;
  formatters = formattersFor(timeZone);
}

export const displayTimeZone = (): string => displayZone;

/** "27 Nov 2026, 14:05 Europe/Berlin": a moment, in the store's zone, saying which. */
export const formatDateTime = (iso: string | null | undefined): string =>
  iso ? `${formatters.date.format(new Date(iso))}, ${formatters.clock.format(new Date(iso))} ${displayZone}` : '—';
/** "14:05": when something happened today, as a till shows it (the zone is the store's, where the till stands). */
export const formatClock = (iso: string): string => formatters.clock.format(new Date(iso));
/** "14:05:09 Europe/Berlin": a time of day to the second, in the store's zone, saying which. */
export const formatTime = (iso: string | null | undefined): string =>
  iso ? `${formatters.seconds.format(new Date(iso))} ${displayZone}` : '—';

/**
 * "1234.50" -> "1,234.50": an amount the service wrote (already in its asset's decimals), as a figure;
 * the console speaks English, so English marks. Beside a heading or column that names the asset.
 */
export const formatFigure = (amount: string): string =>
  formatAmountForLocale(amount.includes('.') ? amount : `${amount}.00`, 'en-US');

/** "1,234.50 USDT", "1.5 TON": an amount with its asset's symbol, as everywhere a person reads money. */
export const formatAssetAmount = (amount: string, asset: AssetCode): string =>
  `${formatFigure(amount)} ${ASSETS[asset].symbol}`;

/**
 * The figure formatter under its name from before Toncoin, for the screens not yet moved to
 * formatFigure and formatAssetAmount (the till's and the refund panel's): it never named an asset itself.
 * @deprecated use formatFigure, or formatAssetAmount where the asset is to be said
 */
export const formatUsdt = formatFigure;

export function relativeTime(iso: string | null | undefined, now = Date.now()): string {
  if (!iso) return 'never';
  const seconds = Math.round((now - Date.parse(iso)) / 1000);
  if (seconds < 5) return 'just now';
  if (seconds < 60) return `${seconds} s ago`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min ago`;
  return `${Math.round(seconds / 3600)} h ago`;
}

export const shortHash = (hash: string): string => (hash.length > 16 ? `${hash.slice(0, 8)}…${hash.slice(-6)}` : hash);

/** What the till may charge: the service takes at most 15 whole digits. */
const ENTRY_MAX = 10n ** 21n - 1n;

export type EnteredAmount = { ok: true; amount: string; micro: bigint } | { ok: false; message: string };

/**
 * An amount as a cashier types it, "12,50" or "12.50", as the exact decimal string the service takes
 * ("12.50") and its base units in `asset` (`micro`: micro-USDT, or nanotons). Digits only, one
 * separator, at most the asset's decimals; never a float. The USDT default stays only until the
 * till and the refund panel pass their asset.
 */
export function parseEnteredAmount(text: string, asset: AssetCode = 'USDT'): EnteredAmount {
  const { decimals } = ASSETS[asset];
  const match = /^(\d*)[.,]?(\d*)$/.exec(text.trim());
  if (!match || (match[1] === '' && match[2] === ''))
    return { ok: false, message: 'Enter an amount such as 12,50 or 12.50.' };
  const [, whole = '', fraction = ''] = match;
  if (fraction.length > decimals) return { ok: false, message: `At most ${decimals} decimals.` };
  const parsed = parseAmount(
    `${whole.replace(/^0+(?=\d)/, '') || '0'}${fraction ? `.${fraction}` : ''}`,
    ENTRY_MAX,
    asset,
  );
  if (parsed.ok) return { ok: true, amount: formatAmount(parsed.value, asset), micro: parsed.value };
  if (parsed.problem === 'zero') return { ok: false, message: 'The amount must be more than zero.' };
  return { ok: false, message: 'That amount is too large.' };
}

/** Time left as a till shows it: "04:59", or "1:04:59" past an hour; never negative. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const [h, m, s] = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}
