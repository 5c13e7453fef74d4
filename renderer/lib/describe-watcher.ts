import type { WatcherStatusView } from '../../contract/chain';

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
const checked = (iso: string, now: number) => {
  const s = secondsSince(iso, now);
  return s === 0 ? 'just now' : `${spokenDuration(s)} ago`;
};

/**
 * The watcher's state as a merchant reads it. "Lag" (time since the newest transfer) says nothing
 * on a quiet chain, so freshness is the time since the last successful check of the chain.
 */
export function describeWatcher(state: WatcherStatusView, now: number): WatcherWords {
  const { lastSuccessAt, lastError } = state;
  if (!state.running) {
    if (lastError) return { tone: 'bad', headline: `Not watching: ${lastError}`, detail: 'payments are not being credited' };
    if (!lastSuccessAt) return { tone: 'bad', headline: 'Not watching: the chain is not open', detail: 'payments are not being credited' };
    return { tone: 'bad', headline: 'Not watching: stopped', detail: `last checked ${checked(lastSuccessAt, now)}` };
  }
  if ((state.consecutiveErrors ?? 0) > 0) {
    return {
      tone: 'bad', headline: `Not watching: ${lastError ?? 'the chain did not answer'}`,
      detail: lastSuccessAt ? `retrying; last successful check ${checked(lastSuccessAt, now)}` : 'retrying; no successful check yet',
    };
  }
  if (!lastSuccessAt) return { tone: 'warn', headline: 'Starting', detail: 'first check of the chain under way' };
  const behind = secondsSince(lastSuccessAt, now);
  if (behind <= UP_TO_DATE_SECONDS) return { tone: 'ok', headline: 'Up to date', detail: `last checked ${checked(lastSuccessAt, now)}` };
  return { tone: 'warn', headline: 'Catching up', detail: `${spokenDuration(behind)} behind` };
}
