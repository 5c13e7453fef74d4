import { describe, expect, it } from 'vitest';
import type { WatcherStatusView } from '../../contract/chain';
import { describeBooks, describeWatcher, type WatcherWords } from '../../renderer/features/chain/describe-watcher';

const NOW = Date.parse('2026-05-01T12:00:00Z');
const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();
const watching = (patch: Partial<WatcherStatusView> = {}): WatcherStatusView => ({
  mode: 'sandbox',
  running: true,
  lastPollAt: ago(3),
  lastSuccessAt: ago(3),
  lagSeconds: 161,
  consecutiveErrors: 0,
  lastError: null,
  ...patch,
});

const stream = (connected: boolean): WatcherStatusView['stream'] => ({
  connected,
  since: connected ? ago(60) : null,
  lastEventAt: null,
  reconnects: 0,
  lastError: connected ? null : 'stream closed',
});
const providers = (primaryState: 'failing' | 'stalled'): WatcherStatusView['providers'] => ({
  active: 'tonapi',
  primary: 'toncenter',
  degraded: true,
  list: [
    { name: 'toncenter', state: primaryState, lastError: 'toncenter HTTP 502', since: ago(30) },
    { name: 'tonapi', state: 'active', lastError: null, since: ago(30) },
  ],
});

describe("describeWatcher: the watcher in a merchant's words", () => {
  it.each<[string, WatcherStatusView, WatcherWords]>([
    [
      'a quiet chain checked 3 s ago is up to date, whatever the lag since the last transfer',
      watching(),
      { tone: 'ok', headline: 'Up to date', detail: 'last checked 3 s ago' },
    ],
    [
      'checked this very moment',
      watching({ lastSuccessAt: ago(0), lastPollAt: ago(0) }),
      { tone: 'ok', headline: 'Up to date', detail: 'last checked just now' },
    ],
    [
      'one second',
      watching({ lastSuccessAt: ago(1) }),
      { tone: 'ok', headline: 'Up to date', detail: 'last checked 1 s ago' },
    ],
    [
      'last good check 2 minutes ago',
      watching({ lastSuccessAt: ago(125) }),
      { tone: 'warn', headline: 'Behind by 2 minutes, catching up', detail: 'last checked 2 minutes ago' },
    ],
    [
      'a minute behind',
      watching({ lastSuccessAt: ago(61) }),
      { tone: 'warn', headline: 'Behind by 1 minute, catching up', detail: 'last checked 1 minute ago' },
    ],
    [
      'hours behind',
      watching({ lastSuccessAt: ago(3 * 3600 + 5) }),
      { tone: 'warn', headline: 'Behind by 3 hours, catching up', detail: 'last checked 3 hours ago' },
    ],
    [
      "toncenter's stream connected",
      watching({ stream: stream(true) }),
      { tone: 'ok', headline: 'Up to date', detail: 'live; last checked 3 s ago' },
    ],
    [
      'the stream reconnecting: polling meanwhile',
      watching({ stream: stream(false) }),
      { tone: 'ok', headline: 'Up to date', detail: 'last checked 3 s ago; live updates reconnecting' },
    ],
    [
      'the primary provider down, the standby serving',
      watching({ stream: stream(true), providers: providers('failing') }),
      { tone: 'warn', headline: 'toncenter unreachable, using tonapi', detail: 'live; last checked 3 s ago' },
    ],
    [
      'the primary provider stalled',
      watching({ providers: providers('stalled') }),
      { tone: 'warn', headline: 'toncenter is behind the chain, using tonapi', detail: 'last checked 3 s ago' },
    ],
    [
      'both providers configured, the primary serving',
      watching({ providers: { active: 'toncenter', primary: 'toncenter', degraded: false, list: [] } }),
      { tone: 'ok', headline: 'Up to date', detail: 'last checked 3 s ago' },
    ],
    [
      'running, first check not done yet',
      watching({ lastSuccessAt: null, lastPollAt: null }),
      { tone: 'warn', headline: 'Starting', detail: 'first check of the chain under way' },
    ],
    [
      'errors: the reason, and since when nothing was checked',
      watching({ consecutiveErrors: 3, lastError: 'toncenter unreachable: ECONNREFUSED', lastSuccessAt: ago(425) }),
      {
        tone: 'bad',
        headline: 'Not watching: toncenter unreachable: ECONNREFUSED',
        detail: 'retrying; last successful check 7 minutes ago',
      },
    ],
    [
      'errors before any success',
      watching({ consecutiveErrors: 1, lastError: 'toncenter HTTP 401: API key does not exist', lastSuccessAt: null }),
      {
        tone: 'bad',
        headline: 'Not watching: toncenter HTTP 401: API key does not exist',
        detail: 'retrying; no successful check yet',
      },
    ],
    [
      'stopped with no runtime (chain not open)',
      { mode: 'mainnet', running: false },
      { tone: 'bad', headline: 'Not watching: the chain is not open', detail: 'payments are not being credited' },
    ],
    [
      'stopped after an error',
      watching({ running: false, lastError: 'jetton wallet mismatch' }),
      { tone: 'bad', headline: 'Not watching: jetton wallet mismatch', detail: 'payments are not being credited' },
    ],
    [
      'stopped cleanly (a restore is staged, or a restart)',
      watching({ running: false }),
      { tone: 'bad', headline: 'Not watching: stopped', detail: 'last checked 3 s ago' },
    ],
  ])('%s', (_name, state, words) => {
    expect(describeWatcher(state, NOW)).toEqual(words);
  });

  it('never says seconds in the future (a clock a little ahead of ours)', () => {
    expect(describeWatcher(watching({ lastSuccessAt: ago(-2) }), NOW)).toEqual({
      tone: 'ok',
      headline: 'Up to date',
      detail: 'last checked just now',
    });
    // a standby of a shared ledger is not stopped: another instance watches
    const standby = describeWatcher({ ...watching({ lastSuccessAt: ago(5) }), running: false }, NOW, { standby: true });
    expect(standby).toMatchObject({ tone: 'ok', headline: 'Another instance watches the chain' });
    expect(describeWatcher({ ...watching({ lastSuccessAt: ago(5) }), running: false }, NOW).headline).toBe(
      'Not watching: stopped',
    );
  });
});

describe("describeBooks: the reconciliation in a merchant's words", () => {
  const verdict = (difference: string) => ({ difference, checkedAt: ago(5), atLt: '1' });
  it.each<[string, WatcherStatusView['books'], WatcherWords]>([
    [
      'never checked',
      null,
      { tone: 'warn', headline: 'Books not checked yet', detail: 'check them against the wallet on chain' },
    ],
    [
      'balanced',
      verdict('0.00'),
      { tone: 'ok', headline: 'Books balance', detail: 'the ledger matches the wallet on chain; checked 5 s ago' },
    ],
    [
      'money on chain the ledger misses',
      verdict('4.00'),
      {
        tone: 'bad',
        headline: 'Books off by 4.00 USDT',
        detail: 'the wallet holds more than the ledger records; checked 5 s ago',
      },
    ],
    [
      'money the ledger has that left the wallet',
      verdict('-1.25'),
      {
        tone: 'bad',
        headline: 'Books off by 1.25 USDT',
        detail: 'the wallet holds less than the ledger records; checked 5 s ago',
      },
    ],
  ])('%s', (_name, books, words) => {
    expect(describeBooks(books, NOW)).toEqual(words);
  });
});
