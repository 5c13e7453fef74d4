import { ASSETS, type AssetCode } from '../../../contract/asset';
import type { WatcherStatusView } from '../../../contract/chain';

export interface WatcherWords {
  tone: 'ok' | 'warn' | 'bad';
  headline: string;
  detail: string;
}

/** A last good check older than this means transfers may be waiting unseen: the watcher is behind. */
const UP_TO_DATE_SECONDS = 60;

function spokenDuration(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const [n, unit] = seconds < 3600 ? [Math.floor(seconds / 60), 'minute'] : [Math.floor(seconds / 3600), 'hour'];
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

/** Seconds since `iso`, never negative (the service's clock may run a little ahead of the browser's). */
const secondsSince = (iso: string, now: number) => Math.max(0, Math.floor((now - Date.parse(iso)) / 1000));
export const checked = (iso: string, now: number) => {
  const s = secondsSince(iso, now);
  return s === 0 ? 'just now' : `${spokenDuration(s)} ago`;
};

/** The provider trouble the watcher works around, in a merchant's words; null while the primary serves. */
function providerTrouble(state: WatcherStatusView): string | null {
  const providers = state.providers;
  if (!providers?.degraded) return null;
  const primary = providers.list.find((p) => p.name === providers.primary);
  const problem = primary?.state === 'stalled' ? 'is behind the chain' : 'unreachable';
  return `${providers.primary} ${problem}, using ${providers.active}`;
}

/** How fresh the data is: "live" while toncenter's stream is connected, otherwise the last check. */
function freshness(state: WatcherStatusView, lastSuccessAt: string, now: number): string {
  const last = `last checked ${checked(lastSuccessAt, now)}`;
  if (!state.stream) return last;
  return state.stream.connected ? `live; ${last}` : `${last}; live updates reconnecting`;
}

/**
 * The last reconciliation's verdict: balanced, off by an amount, or not checked yet. USDT's books are
 * the jetton wallet's balance; Toncoin's what the store wallet received (its own sends and fees aside).
 */
export function describeBooks(books: WatcherStatusView['books'], now: number, asset: AssetCode = 'USDT'): WatcherWords {
  if (!books)
    return { tone: 'warn', headline: 'Books not checked yet', detail: 'check them against the wallet on chain' };
  if (books.difference === '0.00')
    return {
      tone: 'ok',
      headline: 'Books balance',
      detail: `the ledger matches the wallet on chain; checked ${checked(books.checkedAt, now)}`,
    };
  const [sign, amount] = books.difference.startsWith('-')
    ? ['less', books.difference.slice(1)]
    : ['more', books.difference];
  return {
    tone: 'bad',
    headline: `Books off by ${amount} ${ASSETS[asset].symbol}`,
    detail: `${ASSETS[asset].kind === 'native' ? 'the store wallet received' : 'the wallet holds'} ${sign} than the ledger records; checked ${checked(books.checkedAt, now)}`,
  };
}

/**
 * The watcher's state as a merchant reads it. "Lag" (time since the newest transfer) says nothing
 * on a quiet chain, so freshness is the time since the last successful check of the chain.
 */
export function describeWatcher(
  state: WatcherStatusView,
  now: number,
  options: { standby?: boolean } = {},
): WatcherWords {
  const { lastSuccessAt, lastError } = state;
  // several instances share the ledger: one watches, the others stand by to take over
  if (!state.running && options.standby) {
    return {
      tone: 'ok',
      headline: 'Another instance watches the chain',
      detail: 'this one serves the console, the API and checkouts, and takes over if that one stops',
    };
  }
  if (!state.running) {
    if (lastError)
      return { tone: 'bad', headline: `Not watching: ${lastError}`, detail: 'payments are not being credited' };
    if (!lastSuccessAt)
      return {
        tone: 'bad',
        headline: 'Not watching: the chain is not open',
        detail: 'payments are not being credited',
      };
    return { tone: 'bad', headline: 'Not watching: stopped', detail: `last checked ${checked(lastSuccessAt, now)}` };
  }
  if ((state.consecutiveErrors ?? 0) > 0) {
    return {
      tone: 'bad',
      headline: `Not watching: ${lastError ?? 'the chain did not answer'}`,
      detail: lastSuccessAt
        ? `retrying; last successful check ${checked(lastSuccessAt, now)}`
        : 'retrying; no successful check yet',
    };
  }
  if (!lastSuccessAt) return { tone: 'warn', headline: 'Starting', detail: 'first check of the chain under way' };
  const behind = secondsSince(lastSuccessAt, now);
  if (behind > UP_TO_DATE_SECONDS) {
    return {
      tone: 'warn',
      headline: `Behind by ${spokenDuration(behind)}, catching up`,
      detail: `last checked ${checked(lastSuccessAt, now)}`,
    };
  }
  const trouble = providerTrouble(state);
  if (trouble) return { tone: 'warn', headline: trouble, detail: freshness(state, lastSuccessAt, now) };
  return { tone: 'ok', headline: 'Up to date', detail: freshness(state, lastSuccessAt, now) };
}
