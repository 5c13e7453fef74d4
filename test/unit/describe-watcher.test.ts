import { describe, expect, it } from 'vitest';
import type { WatcherStatusView } from '../../contract/chain';
import { describeWatcher, type WatcherWords } from '../../renderer/lib/describe-watcher';

const NOW = Date.parse('2026-05-01T12:00:00Z');
const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();
const watching = (patch: Partial<WatcherStatusView> = {}): WatcherStatusView => ({
  mode: 'sandbox', running: true, lastPollAt: ago(3), lastSuccessAt: ago(3), lagSeconds: 161, consecutiveErrors: 0, lastError: null, ...patch,
});

describe('describeWatcher: the watcher in a merchant\'s words', () => {
  it.each<[string, WatcherStatusView, WatcherWords]>([
    ['a quiet chain checked 3 s ago is up to date, whatever the lag since the last transfer',
      watching(), { tone: 'ok', headline: 'Up to date', detail: 'last checked 3 s ago' }],
    ['checked this very moment', watching({ lastSuccessAt: ago(0), lastPollAt: ago(0) }), { tone: 'ok', headline: 'Up to date', detail: 'last checked just now' }],
    ['one second', watching({ lastSuccessAt: ago(1) }), { tone: 'ok', headline: 'Up to date', detail: 'last checked 1 s ago' }],
    ['last good check 2 minutes ago', watching({ lastSuccessAt: ago(125) }), { tone: 'warn', headline: 'Catching up', detail: '2 minutes behind' }],
    ['a minute behind', watching({ lastSuccessAt: ago(61) }), { tone: 'warn', headline: 'Catching up', detail: '1 minute behind' }],
    ['hours behind', watching({ lastSuccessAt: ago(3 * 3600 + 5) }), { tone: 'warn', headline: 'Catching up', detail: '3 hours behind' }],
    ['running, first check not done yet', watching({ lastSuccessAt: null, lastPollAt: null }), { tone: 'warn', headline: 'Starting', detail: 'first check of the chain under way' }],
    ['errors: the reason, and since when nothing was checked', watching({ consecutiveErrors: 3, lastError: 'toncenter unreachable: ECONNREFUSED', lastSuccessAt: ago(425) }),
      { tone: 'bad', headline: 'Not watching: toncenter unreachable: ECONNREFUSED', detail: 'retrying; last successful check 7 minutes ago' }],
    ['errors before any success', watching({ consecutiveErrors: 1, lastError: 'toncenter HTTP 401: API key does not exist', lastSuccessAt: null }),
      { tone: 'bad', headline: 'Not watching: toncenter HTTP 401: API key does not exist', detail: 'retrying; no successful check yet' }],
    ['stopped with no runtime (chain not open)', { mode: 'mainnet', running: false }, { tone: 'bad', headline: 'Not watching: the chain is not open', detail: 'payments are not being credited' }],
    ['stopped after an error', watching({ running: false, lastError: 'jetton wallet mismatch' }), { tone: 'bad', headline: 'Not watching: jetton wallet mismatch', detail: 'payments are not being credited' }],
    ['stopped cleanly (a restore is staged, or a restart)', watching({ running: false }), { tone: 'bad', headline: 'Not watching: stopped', detail: 'last checked 3 s ago' }],
  ])('%s', (_name, state, words) => {
    expect(describeWatcher(state, NOW)).toEqual(words);
  });

  it('never says seconds in the future (a clock a little ahead of ours)', () => {
    expect(describeWatcher(watching({ lastSuccessAt: ago(-2) }), NOW)).toEqual({ tone: 'ok', headline: 'Up to date', detail: 'last checked just now' });
  });
});
