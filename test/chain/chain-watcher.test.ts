import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Transaction } from '@ton/core';
import type { ChainSource, TxCursor } from '../../server/chain/types';
import { nextBackoffMs } from '../../server/chain/backoff';
import { createChainWatcher, type ChainWatcherOptions } from '../../server/watcher/chain-watcher';
import { ChainGapError } from '../../server/watcher/transaction-poller';
import type { ToncenterDouble, ToncenterFaults } from './toncenter-double';
import { createWalletHistory, START_UTIME, type WalletHistory } from './wallet-history';
import {
  createLedger,
  createManualSleep,
  cursorAt,
  hashes,
  hashOf,
  serveHistory,
  type Ledger,
} from './watcher-harness';

let history: WalletHistory;
let double: ToncenterDouble;
let source: ChainSource;
let fakeNow: number;

beforeAll(async () => {
  history = await createWalletHistory(25);
});

afterEach(async () => {
  await double?.close();
});

async function serve(transactions: readonly Transaction[] = history.transactions): Promise<void> {
  ({ double, source } = await serveHistory(history, transactions));
  fakeNow = (START_UTIME + 1_000) * 1000;
}

function watcherOn(ledger: Ledger, extra: Partial<ChainWatcherOptions> = {}) {
  return createChainWatcher({
    source,
    account: history.account,
    loadCursor: ledger.loadCursor,
    commitBatch: ledger.commitBatch,
    intervalMs: 5_000,
    pageSize: 4,
    now: () => fakeNow,
    random: () => 0.5,
    ...extra,
  });
}

const all = () => hashes(history.transactions);
const newest = () => cursorAt(history.transactions.at(-1)!);

describe('chain watcher', () => {
  it('catches up a whole history in chunks, oldest first, each with its own cursor', async () => {
    await serve();
    const ledger = createLedger();
    const watcher = watcherOn(ledger, { maxBatch: 5 });
    await expect(watcher.pollNow()).resolves.toBe(27);
    expect(ledger.order).toEqual(all());
    expect(ledger.batches.map((b) => b.size)).toEqual([5, 5, 5, 5, 5, 2]);
    expect(ledger.batches.map((b) => b.cursor)).toEqual(
      [4, 9, 14, 19, 24, 26].map((i) => cursorAt(history.transactions[i]!)),
    );
    const status = watcher.status();
    expect(status).toMatchObject({ cursor: newest(), consecutiveErrors: 0, lastError: null, running: false });
    expect(status.lagSeconds).toBe(1_000 - 250);
    expect(status.lastSuccessAt).toBe(fakeNow);
  });

  it('keeps the chunks committed before a crash and resumes after them', async () => {
    await serve();
    const ledger = createLedger();
    let chunks = 0;
    const crashing = watcherOn(ledger, {
      maxBatch: 5,
      commitBatch(txs, cursor, previous) {
        chunks += 1;
        if (chunks === 3) throw new Error('disk full');
        ledger.commitBatch(txs, cursor, previous);
      },
    });
    await expect(crashing.pollNow()).rejects.toThrow('disk full');
    expect(ledger.credited.size).toBe(10);
    expect(crashing.status()).toMatchObject({
      consecutiveErrors: 1,
      lastError: 'disk full',
      cursor: ledger.loadCursor(),
    });
    await expect(watcherOn(ledger).pollNow()).resolves.toBe(17);
    expect(ledger.order).toEqual(all());
  });

  it('after a restart, a new watcher with the stored cursor commits only the rest', async () => {
    await serve(history.transactions.slice(0, 15));
    const ledger = createLedger();
    const first = watcherOn(ledger);
    await expect(first.pollNow()).resolves.toBe(15);
    await first.stop();
    double.addTransactions(history.account, history.transactions.slice(15));
    const second = watcherOn(ledger);
    await expect(second.pollNow()).resolves.toBe(12);
    await expect(second.pollNow()).resolves.toBe(0);
    expect(ledger.order).toEqual(all());
  });

  it('pages through many small pages and keeps up with new arrivals', async () => {
    // Its own history: receive() grows it, and the shared one must stay as it is.
    const own = await createWalletHistory(30);
    ({ double, source } = await serveHistory(own));
    const ledger = createLedger();
    const options = { pageSize: 2, account: own.account };
    await expect(watcherOn(ledger, options).pollNow()).resolves.toBe(32);
    double.addTransactions(own.account, await own.receive(3));
    await expect(watcherOn(ledger, options).pollNow()).resolves.toBe(3);
    expect(ledger.order).toEqual(hashes(own.transactions));
    expect(double.requests.length).toBeGreaterThan(32);
  });

  it.each<[string, Partial<ToncenterFaults>, RegExp]>([
    ['429 rate limit', { rateLimited: 2 }, /HTTP 429: Ratelimit exceeded/],
    ['504 gateway timeout', { gatewayTimeouts: 2 }, /HTTP 504: LITE_SERVER_NETWORK timeout/],
    ['ok:false with HTTP 200', { rejected: 2 }, /answered ok:false, code 500/],
  ])('backs off with jitter on %s, then commits everything once', async (_name, faults, message) => {
    await serve();
    const ledger = createLedger();
    const sleeper = createManualSleep();
    const watcher = watcherOn(ledger, { sleep: sleeper.sleep, maxBackoffMs: 60_000 });
    double.setFaults(faults);
    watcher.start();
    const backoff = (attempt: number) => nextBackoffMs(attempt, { baseMs: 5_000, maxMs: 60_000, random: () => 0.5 });
    expect(await sleeper.nextSleep()).toBe(backoff(1));
    expect(watcher.status()).toMatchObject({ running: true, consecutiveErrors: 1, lastSuccessAt: null, cursor: null });
    expect(watcher.status().lastError).toMatch(message);
    sleeper.wake();
    expect(await sleeper.nextSleep()).toBe(backoff(2));
    expect(watcher.status().consecutiveErrors).toBe(2);
    sleeper.wake();
    expect(await sleeper.nextSleep()).toBe(5_000);
    expect(watcher.status()).toMatchObject({ consecutiveErrors: 0, lastError: null, cursor: newest() });
    await watcher.stop();
    expect(watcher.status().running).toBe(false);
    expect(ledger.order).toEqual(all());
  });

  it('does not move on a lagging node and catches up when it does', async () => {
    await serve();
    const ledger = createLedger();
    const watcher = watcherOn(ledger);
    double.setFaults({ lag: 5 });
    await expect(watcher.pollNow()).resolves.toBe(22);
    const stuck = ledger.loadCursor();
    await expect(watcher.pollNow()).resolves.toBe(0);
    double.setFaults({ lag: 10 });
    await expect(watcher.pollNow()).resolves.toBe(0);
    expect(ledger.loadCursor()).toEqual(stuck);
    expect(watcher.status().cursor).toEqual(stuck);
    double.setFaults({ lag: 0 });
    await expect(watcher.pollNow()).resolves.toBe(5);
    expect(ledger.order).toEqual(all());
  });

  it('commits nothing past a history gap until the gap is healed, then everything', async () => {
    await serve();
    const ledger = createLedger(cursorAt(history.transactions[5]!));
    const watcher = watcherOn(ledger);
    double.setFaults({ hidden: [hashOf(history.transactions[15]!)] });
    for (let i = 1; i <= 3; i += 1) {
      await expect(watcher.pollNow()).rejects.toBeInstanceOf(ChainGapError);
      expect(watcher.status()).toMatchObject({ consecutiveErrors: i, cursor: cursorAt(history.transactions[5]!) });
    }
    expect(ledger.credited.size).toBe(0);
    expect(watcher.status().lastError).toMatch(/history gap/);
    double.setFaults({ hidden: [] });
    await expect(watcher.pollNow()).resolves.toBe(21);
    expect(ledger.order).toEqual(all().slice(6));
  });

  it('commits each transaction once when the server serves a page twice', async () => {
    await serve();
    const ledger = createLedger();
    double.setFaults({ ignoreCursor: 1, repeatPage: 1 });
    await expect(watcherOn(ledger).pollNow()).resolves.toBe(27);
    expect(ledger.order).toEqual(all());
  });
});

describe('chain watcher lifecycle', () => {
  function gatedSource(): {
    source: ChainSource;
    release: () => void;
    inFlight: () => number;
    maxInFlight: () => number;
    calls: () => number;
  } {
    let inFlight = 0;
    let max = 0;
    let calls = 0;
    let open: () => void = () => undefined;
    let gate = new Promise<void>((resolve) => (open = resolve));
    const gated: ChainSource = {
      mode: 'sandbox',
      async getTransactions(account, opts) {
        calls += 1;
        inFlight += 1;
        max = Math.max(max, inFlight);
        await gate;
        inFlight -= 1;
        return source.getTransactions(account, opts);
      },
      runGetMethod: (account, method, stack) => source.runGetMethod(account, method, stack),
    };
    const release = () => {
      open();
      gate = Promise.resolve();
    };
    return { source: gated, release, inFlight: () => inFlight, maxInFlight: () => max, calls: () => calls };
  }

  it('never overlaps polls, and stop() waits for the one in flight', async () => {
    await serve();
    const ledger = createLedger();
    const gate = gatedSource();
    const sleeper = createManualSleep();
    const watcher = watcherOn(ledger, { source: gate.source, sleep: sleeper.sleep });
    watcher.start();
    const extra = [watcher.pollNow(), watcher.pollNow()];
    await expect.poll(gate.calls).toBe(1);
    // what the watcher had done when stop() resolved, whenever that was
    const stopping = watcher.stop().then(() => ({ inFlight: gate.inFlight(), committed: [...ledger.order] }));
    // Nothing does I/O while the gate is shut (a manual sleep, no stream), so a stop() that did not
    // wait for the poll would have resolved within this turn of the event loop, before the release.
    await new Promise(setImmediate);
    gate.release();
    expect(await stopping, 'stop() resolved before the poll in flight had ended').toEqual({
      inFlight: 0,
      committed: all(),
    });
    await expect(Promise.all(extra)).resolves.toEqual([0, 0]);
    expect(gate.maxInFlight()).toBe(1);
  });

  it('stop() does not wait for the sleep between polls', async () => {
    await serve();
    const sleeper = createManualSleep();
    const watcher = watcherOn(createLedger(), { sleep: sleeper.sleep });
    watcher.start();
    await sleeper.nextSleep();
    await watcher.stop();
    expect(watcher.status()).toMatchObject({ running: false, cursor: newest() });
  });

  it('reports lag from the newest transaction seen', async () => {
    await serve();
    const start: TxCursor = cursorAt(history.transactions[20]!);
    const watcher = watcherOn(createLedger(start));
    expect(watcher.status()).toMatchObject({ lagSeconds: null, lastPollAt: null });
    await watcher.pollNow();
    fakeNow += 30_000;
    expect(watcher.status().lagSeconds).toBe(1_000 - 250 + 30);
  });
});
