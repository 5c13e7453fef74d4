import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Address } from '@ton/core';
import { nextBackoffMs } from '../../server/chain/backoff';
import {
  createSseParser,
  createTransactionStream,
  type TransactionStream,
  type TransactionStreamOptions,
  type WakeHint,
} from '../../server/chain/toncenter-stream';
import { startToncenterDouble, type ToncenterDouble } from './toncenter-double';
import type { StreamConfirmation } from './toncenter-stream-double';
import { createControlledSleep, createQueue } from './stream-test-kit';
import { createWalletHistory, type WalletHistory } from './wallet-history';

const HEARTBEAT_MS = 45_000;
const BACKOFF = { baseMs: 1_000, maxMs: 8_000 };
const delayOf = (attempt: number) => nextBackoffMs(attempt, { ...BACKOFF, random: () => 0.5 });
const isBackoff = (ms: number) => ms < BACKOFF.maxMs;
const isWatchdog = (ms: number) => ms >= HEARTBEAT_MS;

let history: WalletHistory;
let double: ToncenterDouble | undefined;
let stream: TransactionStream | undefined;

beforeAll(async () => {
  history = await createWalletHistory(3);
});

afterEach(async () => {
  await stream?.stop();
  await double?.close();
  stream = undefined;
  double = undefined;
});

/** A client on the double with a hand-driven clock and sleep, its callbacks as queues. */
function connect(target: ToncenterDouble, extra: Partial<TransactionStreamOptions> = {}) {
  let nowMs = 1_000_000;
  const sleeps = createControlledSleep();
  const wakes = createQueue<WakeHint>();
  const connected = createQueue<number>();
  const disconnected = createQueue<number>();
  const logs: Array<{ fields: Record<string, unknown>; message: string }> = [];
  const refusals = createQueue<string>();
  const record = (fields: Record<string, unknown>, message: string) => {
    logs.push({ fields, message });
    if (message.includes('not retrying')) refusals.push(message);
  };
  let connections = 0;
  stream = createTransactionStream({
    url: target.streamUrl,
    account: history.account,
    heartbeatTimeoutMs: HEARTBEAT_MS,
    backoff: BACKOFF,
    onWake: (hint) => wakes.push(hint),
    onConnected: () => connected.push((connections += 1)),
    onDisconnected: () => disconnected.push(connections),
    now: () => nowMs,
    sleep: sleeps.sleep,
    random: () => 0.5,
    log: { info: record, warn: record },
    ...extra,
  });
  stream.start();
  return {
    stream,
    sleeps,
    wakes,
    connected,
    disconnected,
    logs,
    refusals,
    advance: (ms: number) => (nowMs += ms),
    now: () => nowMs,
  };
}

const ltsOf = (txs: ReadonlyArray<{ lt: bigint }>) => txs.map((tx) => tx.lt);
const max = (values: bigint[]) => values.reduce((a, b) => (a > b ? a : b));
const OTHER = new Address(0, Buffer.alloc(32, 9));

describe('SSE framing', () => {
  const text = [
    ': keepalive\r\n\r\n',
    'event: connected\ndata: {"status":"subscribed"}\n\n',
    'event: event\r\ndata: {"a":\r\ndata:1}\r\n\r\n',
    'data:no space\rid: 7\r\r',
    ': a comment with ü and 💸\n',
    'event: event\ndata: last\n\n',
  ].join('');
  const expected = [
    ['connected', '{"status":"subscribed"}'],
    ['event', '{"a":\n1}'],
    ['message', 'no space'],
    ['event', 'last'],
  ];
  const parse = (pieces: string[]) => {
    const events: string[][] = [];
    const push = createSseParser((event, data) => events.push([event, data]));
    for (const piece of pieces) push(piece);
    return events;
  };

  it('reads the same events whatever the text is cut at: CRLF, CR, LF, comments, multi-line data', () => {
    for (let cut = 0; cut <= text.length; cut += 1) {
      expect(parse([text.slice(0, cut), text.slice(cut)]), `cut at ${cut}`).toEqual(expected);
    }
    expect(parse([...text])).toEqual(expected);
  });
});

describe('toncenter stream client', () => {
  it('subscribes the store wallet on the same connection and names it in the wake of an event on it', async () => {
    double = await startToncenterDouble({});
    const store = history.treasury.address;
    const client = connect(double, { moreAccounts: [store] });
    expect(await client.connected.next()).toBe(1);
    expect(double.streamRequests.map((r) => (r.body as { addresses: string[] }).addresses)).toEqual([
      [history.account.toRawString(), store.toRawString()],
    ]);
    expect(double.publish(store, history.treasuryTransactions)).toBe(1);
    expect(await client.wakes.next()).toEqual({
      lt: max(ltsOf(history.treasuryTransactions)),
      account: store.toRawString(),
    });
    expect(double.publish(history.account, history.transactions)).toBe(1);
    expect(await client.wakes.next()).toEqual({ lt: max(ltsOf(history.transactions)) });
  });

  it.each<StreamConfirmation>(['named', 'bare'])(
    'subscribes to the account at finalized with the key, hears the %s confirmation, and wakes with the highest lt of its transactions',
    async (streamConfirmation) => {
      double = await startToncenterDouble({ apiKey: 'stream-key', streamConfirmation });
      const client = connect(double, { apiKey: 'stream-key' });
      expect(await client.connected.next()).toBe(1);
      // the confirmation is no notification
      expect(client.stream.status()).toMatchObject({ connected: true, lastEventAt: null });
      expect(double.streamRequests).toEqual([
        {
          body: { types: ['transactions'], addresses: [history.account.toRawString()], min_finality: 'finalized' },
          apiKey: 'stream-key',
        },
      ]);
      expect(double.publish(history.account, history.transactions)).toBe(1);
      expect(await client.wakes.next()).toEqual({ lt: max(ltsOf(history.transactions)) });
      expect(client.stream.status()).toMatchObject({
        connected: true,
        since: client.now(),
        lastEventAt: client.now(),
        reconnects: 0,
        lastError: null,
      });
    },
  );

  it('ignores other notification types, other accounts, other finalities and malformed data', async () => {
    double = await startToncenterDouble();
    const client = connect(double);
    await client.connected.next();
    const notification = (body: unknown) => `event: event\ndata: ${JSON.stringify(body)}\n\n`;
    const raw = history.account.toRawString().toUpperCase();
    double.writeStreams(notification({ type: 'account_state_change', finality: 'finalized', account: raw, state: {} }));
    double.writeStreams(notification({ type: 'trace_invalidated', trace_external_hash_norm: 'x' }));
    double.writeStreams(
      notification({
        type: 'transactions',
        finality: 'finalized',
        transactions: [{ account: OTHER.toRawString(), lt: '99999999999' }],
      }),
    );
    double.writeStreams(
      notification({
        type: 'transactions',
        finality: 'finalized',
        transactions: [{ account: raw, lt: 'not a number' }],
      }),
    );
    double.writeStreams('event: event\ndata: {not json\n\n');
    expect(double.publish(history.account, history.transactions, { finality: 'confirmed' })).toBe(0);
    double.publish(history.account, history.transactions.slice(0, 1));
    expect(await client.wakes.next()).toEqual({ lt: history.transactions[0]!.lt });
    expect(client.wakes.items).toEqual([]);
  });

  it('reads frames the server writes one byte at a time', async () => {
    double = await startToncenterDouble();
    double.setStreamFaults({ bytewise: true });
    const client = connect(double);
    await client.connected.next();
    double.writeStreams(': keepalive ü 💸\r\n\r\n');
    double.publish(history.account, history.transactions);
    expect(await client.wakes.next()).toEqual({ lt: max(ltsOf(history.transactions)) });
  });

  it('stays connected on keepalives alone', async () => {
    double = await startToncenterDouble({ keepaliveMs: 10 });
    const client = connect(double);
    await client.connected.next();
    for (let step = 0; step < 4; step += 1) {
      const watchdog = await client.sleeps.waitFor(isWatchdog);
      const at = client.advance(30_000);
      // nothing but keepalives comes: the newest one arrived after the clock moved
      await vi.waitFor(() => expect(client.stream.status().lastDataAt).toBe(at), { timeout: 10_000, interval: 5 });
      watchdog.release();
    }
    await client.sleeps.waitFor(isWatchdog);
    expect(client.stream.status()).toMatchObject({ connected: true, reconnects: 0, lastError: null });
    expect(double.streamRequests).toHaveLength(1);
  });

  it.each<StreamConfirmation>(['named', 'bare'])(
    'reconnects after a disconnect, calling onConnected on each %s confirmation; a stable connection starts the backoff afresh',
    async (streamConfirmation) => {
      double = await startToncenterDouble({ streamConfirmation });
      const client = connect(double);
      await client.connected.next();
      double.disconnectStreams();
      expect(await client.disconnected.next()).toBe(1);
      const first = await client.sleeps.waitFor(isBackoff);
      expect(first.ms).toBe(delayOf(1));
      expect(client.stream.status()).toMatchObject({ connected: false, since: null });
      first.release();
      expect(await client.connected.next()).toBe(2);
      double.publish(history.account, history.transactions.slice(0, 1));
      expect(await client.wakes.next()).toEqual({ lt: history.transactions[0]!.lt });
      // dropped at once again: the backoff grows
      double.disconnectStreams();
      await client.disconnected.next();
      const second = await client.sleeps.waitFor(isBackoff);
      expect(second.ms).toBe(delayOf(2));
      second.release();
      await client.connected.next();
      // up for a minute first: back to the first delay
      client.advance(60_000);
      double.disconnectStreams();
      await client.disconnected.next();
      expect((await client.sleeps.waitFor(isBackoff)).ms).toBe(delayOf(1));
      expect(client.stream.status().reconnects).toBe(2);
    },
  );

  it('drops a silent stream and reconnects', async () => {
    double = await startToncenterDouble();
    const client = connect(double);
    await client.connected.next();
    const watchdog = await client.sleeps.waitFor(isWatchdog);
    double.silenceStreams();
    expect(double.publish(history.account, history.transactions)).toBe(0);
    client.advance(HEARTBEAT_MS);
    watchdog.release();
    await client.disconnected.next();
    expect(client.stream.status().lastError).toBe(`no data for ${HEARTBEAT_MS} ms: the stream went silent`);
    (await client.sleeps.waitFor(isBackoff)).release();
    expect(await client.connected.next()).toBe(2);
    expect(client.stream.status()).toMatchObject({ connected: true, reconnects: 1, lastError: null });
    expect(double.streamRequests).toHaveLength(2);
  });

  it('backs off with jitter on 429 and connects once the server accepts', async () => {
    double = await startToncenterDouble();
    double.setStreamFaults({ rejectConnections: 3 });
    const client = connect(double);
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const pause = await client.sleeps.waitFor(isBackoff);
      expect(pause.ms).toBe(delayOf(attempt));
      expect(client.stream.status()).toMatchObject({
        connected: false,
        lastError: 'HTTP 429: connection limit reached: 2 active connections',
      });
      pause.release();
    }
    expect(await client.connected.next()).toBe(1);
    expect(client.stream.status()).toMatchObject({ connected: true, reconnects: 0, lastError: null });
    expect(double.streamRequests).toHaveLength(4);
  });

  const KEY = 'sk-never-show-me-1234';
  const answer =
    (status: number, body: unknown): typeof fetch =>
    async () =>
      new Response(JSON.stringify(body), { status });

  it.each<[string, (() => typeof fetch) | null, string]>([
    ['401 from the server', null, 'HTTP 401: API key does not exist'],
    ['403', () => answer(403, { error: 'Network not allowed' }), 'HTTP 403: Network not allowed'],
    ['400', () => answer(400, { error: 'too many addresses: 2 > max 1' }), 'HTTP 400: too many addresses: 2 > max 1'],
  ])('stops retrying on %s, with the key in neither status nor log', async (_name, fetchImpl, error) => {
    double = await startToncenterDouble({ apiKey: 'the-right-key' });
    const client = connect(double, { apiKey: KEY, ...(fetchImpl ? { fetch: fetchImpl() } : {}) });
    await client.refusals.next();
    expect(client.stream.status()).toMatchObject({ connected: false, lastError: error });
    expect(client.sleeps.pending).toEqual([]);
    expect(double.streamRequests).toHaveLength(fetchImpl ? 0 : 1);
    if (!fetchImpl) expect(double.streamRequests[0]!.apiKey).toBe(KEY);
    expect(JSON.stringify([client.stream.status(), client.logs])).not.toContain(KEY);
  });

  it('keeps the key out of a server answer that repeats it, and retries a 5xx', async () => {
    double = await startToncenterDouble();
    const client = connect(double, { apiKey: KEY, fetch: answer(502, { error: `upstream rejected key ${KEY}` }) });
    const pause = await client.sleeps.waitFor(isBackoff);
    expect(pause.ms).toBe(delayOf(1));
    expect(client.stream.status().lastError).toBe('HTTP 502: upstream rejected key ***');
    expect(JSON.stringify([client.stream.status(), client.logs])).not.toContain(KEY);
  });
});
