import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Transaction } from '@ton/core';
import type { ChainSource, TxCursor } from '../../server/chain/types';
import { createToncenterSource } from '../../server/chain/toncenter-source';
import { createTransactionStream, type TransactionStreamOptions } from '../../server/chain/toncenter-stream';
import { createChainWatcher, type ChainWatcher, type ChainWatcherOptions } from '../../server/watcher/chain-watcher';
import type { ToncenterDouble } from '../chain/toncenter-double';
import { createControlledSleep, createQueue } from '../chain/stream-test-kit';
import { createWalletHistory, type WalletHistory } from '../chain/wallet-history';
import { createLedger, hashes, serveHistory, unlimited, type Ledger } from '../chain/watcher-harness';

/**
 * The real watcher on a real (sandbox) transaction history served by the toncenter double, woken
 * by the real stream client. Both timers are huge and hand-driven: only a stream event, a
 * (re)connect or a test's release makes it poll.
 */
const POLL_MS = 300_000;
const SAFETY_MS = 600_000;
const HEARTBEAT_MS = 45_000;

let history: WalletHistory;
let double: ToncenterDouble | undefined;
let watcher: ChainWatcher | undefined;

beforeAll(async () => {
  history = await createWalletHistory(3);
});

afterEach(async () => {
  await watcher?.stop();
  await double?.close();
  watcher = undefined;
  double = undefined;
});

/** The ledger, told when the transactions a test waits for are all committed. */
function watchedLedger(ledger: Ledger) {
  const waiters: Array<{ wanted: string[]; resolve: () => void }> = [];
  const settle = () => {
    for (const waiter of [...waiters]) {
      if (!waiter.wanted.every((hash) => ledger.credited.has(hash))) continue;
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  };
  return {
    commitBatch(transactions: Transaction[], cursor: TxCursor, previous: TxCursor | null) {
      ledger.commitBatch(transactions, cursor, previous);
      settle();
    },
    committed(transactions: readonly Transaction[]): Promise<void> {
      return new Promise<void>((resolve) => {
        waiters.push({ wanted: hashes(transactions), resolve });
        settle();
      });
    },
  };
}

async function setUp(
  options: {
    stream?: Partial<TransactionStreamOptions>;
    watcher?: Partial<ChainWatcherOptions>;
    source?: (s: ChainSource) => ChainSource;
  } = {},
) {
  ({ double } = await serveHistory(history));
  const served = double;
  // A failed poll holds wakes back until one succeeds, and nothing here would retry: the request
  // timeout must outlast an emulation holding the event loop on a busy machine.
  const source = createToncenterSource({
    mode: 'testnet',
    endpoint: served.endpoint,
    limiter: unlimited,
    timeoutMs: 60_000,
  });
  const ledger = createLedger();
  const watched = watchedLedger(ledger);
  const sleeps = createControlledSleep();
  const streamSleeps = createControlledSleep();
  const connected = createQueue<number>();
  const disconnected = createQueue<number>();
  let nowMs = 1_000_000;
  let connections = 0;
  watcher = createChainWatcher({
    source: options.source ? options.source(source) : source,
    account: history.account,
    loadCursor: ledger.loadCursor,
    commitBatch: watched.commitBatch,
    intervalMs: POLL_MS,
    sleep: sleeps.sleep,
    random: () => 0.5,
    // wired as server/runtime/chain-runtime.ts wires it, on a hand-driven clock and sleep
    wakeups: {
      safetyIntervalMs: SAFETY_MS,
      open: (wake) =>
        createTransactionStream({
          url: served.streamUrl,
          account: history.account,
          heartbeatTimeoutMs: HEARTBEAT_MS,
          now: () => nowMs,
          sleep: streamSleeps.sleep,
          random: () => 0.5,
          onWake: wake,
          onConnected: () => {
            wake();
            connected.push((connections += 1));
          },
          onDisconnected: () => {
            wake();
            disconnected.push(connections);
          },
          ...options.stream,
        }),
    },
    ...options.watcher,
  });
  return { ledger, watched, sleeps, streamSleeps, connected, disconnected, advance: (ms: number) => (nowMs += ms) };
}

type Rig = Awaited<ReturnType<typeof setUp>>;

/** Started, connected, caught up with the history, and asleep for the long safety interval. */
async function startIdle(rig: Rig): Promise<void> {
  watcher!.start();
  await rig.connected.next();
  // the connect's wake cut any earlier sleep: a sleep pending now comes after the poll it caused
  await rig.sleeps.waitFor((ms) => ms === SAFETY_MS);
  expect(rig.ledger.order).toEqual(hashes(history.transactions));
}

/** New transfers land on the chain and toncenter serves them. */
async function land(count: number): Promise<Transaction[]> {
  const fresh = await history.receive(count);
  double!.addTransactions(history.account, fresh);
  return fresh;
}

function expectAllOnce(ledger: Ledger): void {
  expect(ledger.order).toEqual(hashes(history.transactions));
  expect(watcher!.status()).toMatchObject({ consecutiveErrors: 0, lastError: null });
}

describe('watcher woken by the stream', () => {
  it('credits a transfer as its event arrives, without waiting for a poll', async () => {
    const rig = await setUp();
    await startIdle(rig);
    const fresh = await land(2);
    expect(double!.publish(history.account, fresh)).toBe(1);
    await rig.watched.committed(fresh);
    expectAllOnce(rig.ledger);
    expect(watcher!.status().stream).toMatchObject({ connected: true, reconnects: 0 });
  });

  it('credits what landed while disconnected with the poll after the reconnect, polling at the short interval meanwhile', async () => {
    const rig = await setUp();
    await startIdle(rig);
    double!.disconnectStreams();
    await rig.disconnected.next();
    // the disconnect's wake polls once, then the loop sleeps the short interval: the stream is down
    await rig.sleeps.waitFor((ms) => ms === POLL_MS);
    const reconnect = await rig.streamSleeps.waitFor((ms) => ms < HEARTBEAT_MS);
    const fresh = await land(2);
    double!.publish(history.account, fresh);
    expect(rig.ledger.credited.has(hashes(fresh)[0]!)).toBe(false);
    reconnect.release();
    await rig.connected.next();
    await rig.watched.committed(fresh);
    expectAllOnce(rig.ledger);
    expect(watcher!.status().stream).toMatchObject({ connected: true, reconnects: 1 });
  });

  it('credits what a silent stream never delivered once it is dropped, and hears the next connection', async () => {
    const rig = await setUp();
    await startIdle(rig);
    const watchdog = await rig.streamSleeps.waitFor((ms) => ms >= HEARTBEAT_MS);
    double!.silenceStreams();
    const unheard = await land(1);
    expect(double!.publish(history.account, unheard)).toBe(0);
    rig.advance(HEARTBEAT_MS);
    watchdog.release();
    await rig.disconnected.next();
    await rig.watched.committed(unheard);
    (await rig.streamSleeps.waitFor((ms) => ms < HEARTBEAT_MS)).release();
    await rig.connected.next();
    await rig.sleeps.waitFor((ms) => ms === SAFETY_MS);
    const heard = await land(1);
    expect(double!.publish(history.account, heard)).toBe(1);
    await rig.watched.committed(heard);
    expectAllOnce(rig.ledger);
  });

  it('commits each transfer once when every event comes twice, and again later', async () => {
    const rig = await setUp();
    double!.setStreamFaults({ duplicateEvents: true });
    await startIdle(rig);
    const landed: Transaction[] = [];
    for (let i = 0; i < 3; i += 1) {
      const fresh = await land(1);
      landed.push(...fresh);
      double!.publish(history.account, fresh);
      await rig.watched.committed(fresh);
    }
    double!.publish(history.account, landed);
    // events on one connection arrive in order: once the next is credited, the replays were handled
    const last = await land(1);
    double!.publish(history.account, last);
    await rig.watched.committed(last);
    expectAllOnce(rig.ledger);
  });

  it('polls again shortly while an event is ahead of what toncenter serves, until the poll reaches it', async () => {
    const rig = await setUp();
    await startIdle(rig);
    const early = await history.receive(1);
    double!.publish(history.account, early);
    (await rig.sleeps.waitFor((ms) => ms === 50)).release();
    const behind = await rig.sleeps.waitFor((ms) => ms === 100);
    double!.addTransactions(history.account, early);
    behind.release();
    await rig.watched.committed(early);
    await rig.sleeps.waitFor((ms) => ms === SAFETY_MS);
    // the same through a lagging node that hides the newest transaction
    const hidden = await land(1);
    double!.setFaults({ lag: 1 });
    double!.publish(history.account, hidden);
    const chasing = await rig.sleeps.waitFor((ms) => ms === 50);
    double!.setFaults({ lag: 0 });
    chasing.release();
    await rig.watched.committed(hidden);
    expectAllOnce(rig.ledger);
  });

  it('gives up chasing after a bounded number of polls and leaves it to the safety net', async () => {
    const rig = await setUp();
    await startIdle(rig);
    const never = await history.receive(1);
    double!.publish(history.account, never);
    for (const ms of [50, 100, 200, 400, 800, 1_600, 2_000, 2_000])
      (await rig.sleeps.waitFor((d) => d === ms)).release();
    const net = await rig.sleeps.waitFor((ms) => ms === SAFETY_MS);
    double!.addTransactions(history.account, never);
    net.release();
    await rig.watched.committed(never);
    expectAllOnce(rig.ledger);
  });
});

describe('watcher wake-ups', () => {
  /** A source whose requests wait until the test opens the gate. */
  function gated(inner: ChainSource) {
    let open: () => void = () => undefined;
    let gate = new Promise<void>((resolve) => (open = resolve));
    const requests = createQueue<number>();
    let count = 0;
    const source: ChainSource = {
      mode: inner.mode,
      async getTransactions(account, opts) {
        requests.push((count += 1));
        await gate;
        return inner.getTransactions(account, opts);
      },
      runGetMethod: (account, method, stack) => inner.runGetMethod(account, method, stack),
    };
    return {
      source,
      requests,
      calls: () => count,
      release: () => {
        open();
        gate = Promise.resolve();
      },
    };
  }

  it('coalesce during a poll into one more, cut the sleep, cut an error backoff only once a poll succeeded, and do nothing once stopped', async () => {
    let gate!: ReturnType<typeof gated>;
    const rig = await setUp({
      watcher: { wakeups: undefined },
      source: (inner) => {
        gate = gated(inner);
        return gate.source;
      },
    });
    watcher!.start();
    await gate.requests.next();
    for (let i = 0; i < 5; i += 1) watcher!.wake();
    gate.release();
    await rig.sleeps.waitFor((ms) => ms === POLL_MS);
    expect(gate.calls()).toBe(2);
    // the wake aborted that sleep: a sleep pending now follows the poll the wake caused
    watcher!.wake();
    await rig.sleeps.waitFor((ms) => ms === POLL_MS);
    expect(gate.calls()).toBe(3);
    double!.setFaults({ gatewayTimeouts: 1 });
    watcher!.wake();
    const backoff = await rig.sleeps.waitFor((ms) => ms !== POLL_MS);
    watcher!.wake();
    expect(rig.sleeps.pending).toEqual([backoff]);
    // the node answers again (a pollNow from the simulator, say): the backoff no longer holds wakes back
    await watcher!.pollNow();
    watcher!.wake();
    await rig.sleeps.waitFor((ms) => ms === POLL_MS);
    expect(gate.calls()).toBe(6);
    await watcher!.stop();
    watcher!.wake();
    expect(gate.calls()).toBe(6);
    expect(watcher!.status().stream).toBeNull();
    expectAllOnce(rig.ledger);
  });
});
