import { Address } from '@ton/core';
import { abortableSleep, interruptible, nextBackoffMs } from './backoff';
import { createParser } from 'eventsource-parser';

/**
 * toncenter's Streaming API v2 over SSE, for the watched accounts' transactions (one connection for
 * all: a subscription takes a list of addresses). Its events are hints, not
 * facts: toncenter drops events when a client's buffer is full, repeats them as finality advances
 * and replays nothing after a reconnect, so the caller polls on every wake-up and (re)connect.
 */

export interface WakeHint {
  /** the highest lt among the event's transactions on the watched account; null when unknown (a connect) */
  lt: bigint | null;
  /** which of `moreAccounts` the lt is on (raw form); absent for `account` and for a connect */
  account?: string;
}

export interface StreamStatus {
  connected: boolean;
  /** epoch ms the current connection was confirmed; null while not connected */
  since: number | null;
  /** epoch ms of the last notification received, on any account */
  lastEventAt: number | null;
  /** epoch ms of the last bytes received, keepalives included */
  lastDataAt: number | null;
  /** connections confirmed after the first one */
  reconnects: number;
  /** why the last connection failed or ended; never holds the API key */
  lastError: string | null;
}

export interface TransactionStream {
  /** Connects in the background and keeps reconnecting; may be called again after stop(). */
  start(): void;
  /** Closes the connection and waits for the background loop to end. */
  stop(): Promise<void>;
  status(): StreamStatus;
}

/** Structurally compatible with pino / Fastify's logger (and the watcher's). */
export interface StreamLogger {
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
}

export interface TransactionStreamOptions {
  /** e.g. https://toncenter.com/api/streaming/v2/sse */
  url: string;
  apiKey?: string;
  account: Address;
  /** further accounts on the same connection (the store's own wallet beside its jetton wallet) */
  moreAccounts?: readonly Address[];
  /** an event carried transactions of the account (once per account it carried some of) */
  onWake(hint: WakeHint): void;
  /** a connection was confirmed: what happened while there was none was not streamed */
  onConnected(): void;
  /** a confirmed connection ended: events just before it may have been lost */
  onDisconnected?(): void;
  /** no bytes at all, not even a keepalive (toncenter sends one every 15 s), for this long: drop and reconnect */
  heartbeatTimeoutMs?: number;
  /** reconnect delays: exponential from baseMs up to maxMs, with full jitter */
  backoff?: { baseMs: number; maxMs: number };
  /** epoch milliseconds */
  now?: () => number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  random?: () => number;
  fetch?: typeof fetch;
  log?: StreamLogger;
}

const DEFAULTS = { heartbeatTimeoutMs: 45_000, backoff: { baseMs: 1_000, maxMs: 60_000 } };
/** A connection that lasted this long was healthy: the next reconnect starts the backoff afresh. */
const STABLE_AFTER_MS = 60_000;

type Outcome = 'fatal' | 'stable' | 'failed';

export function createTransactionStream(options: TransactionStreamOptions): TransactionStream {
  const { now = Date.now, sleep = abortableSleep, random = Math.random, log } = options;
  const backoff = { ...(options.backoff ?? DEFAULTS.backoff), random };
  const status: StreamStatus = {
    connected: false,
    since: null,
    lastEventAt: null,
    lastDataAt: null,
    reconnects: 0,
    lastError: null,
  };
  const pause = (ms: number, signal: AbortSignal) => interruptible(sleep, ms, signal);
  let confirmed = 0;
  let stopping: AbortController | null = null;
  let loop: Promise<void> | null = null;

  const connection = connector(options, status, pause, {
    confirmed() {
      if (status.connected) return;
      confirmed += 1;
      Object.assign(status, { connected: true, since: now(), reconnects: Math.max(0, confirmed - 1), lastError: null });
      log?.info({ reconnects: status.reconnects }, 'toncenter stream connected');
      options.onConnected();
    },
  });

  async function run(signal: AbortSignal): Promise<void> {
    let failures = 0;
    while (!signal.aborted) {
      const outcome = await connection(signal);
      if (signal.aborted) return;
      if (outcome === 'fatal') {
        log?.warn({ error: status.lastError }, 'toncenter stream refused: not retrying (the watcher keeps polling)');
        return;
      }
      failures = outcome === 'stable' ? 1 : failures + 1;
      const wait = nextBackoffMs(failures, backoff);
      log?.warn({ error: status.lastError, retryInMs: wait }, 'toncenter stream lost: reconnecting');
      await pause(wait, signal);
    }
  }

  return {
    start() {
      if (loop) return;
      const controller = new AbortController();
      stopping = controller;
      loop = run(controller.signal).finally(() => {
        if (stopping === controller) loop = null;
      });
    },
    async stop() {
      stopping?.abort();
      await loop;
      loop = null;
    },
    status: () => ({ ...status }),
  };
}

type Pause = (ms: number, signal: AbortSignal) => Promise<void>;

/** One connection, from the request to its end: how it ended decides the next delay. */
function connector(
  options: TransactionStreamOptions,
  status: StreamStatus,
  pause: Pause,
  hooks: { confirmed(): void },
) {
  const { url, apiKey, account, moreAccounts = [], now = Date.now, fetch: fetchImpl = fetch } = options;
  const heartbeatTimeoutMs = options.heartbeatTimeoutMs ?? DEFAULTS.heartbeatTimeoutMs;
  const body = JSON.stringify({
    types: ['transactions'],
    addresses: [account, ...moreAccounts].map((a) => a.toRawString()),
    min_finality: 'finalized',
  });
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'text/event-stream' };
  if (apiKey) headers['X-API-Key'] = apiKey;
  // A server may echo the key back: it is cut out before anything reaches the status or the log.
  const clean = (text: string) => (apiKey ? text.split(apiKey).join('***') : text).slice(0, 200);

  function onFrame(event: string, data: string): void {
    if (event === 'connected') return hooks.confirmed();
    if (event !== 'event' && event !== 'message') return;
    let notification: unknown;
    try {
      notification = JSON.parse(data);
    } catch {
      return;
    }
    if (isSubscribedAck(notification)) return hooks.confirmed();
    status.lastEventAt = now();
    const lt = highestLtOn(notification, account);
    if (lt !== null) options.onWake({ lt });
    for (const more of moreAccounts) {
      const moreLt = highestLtOn(notification, more);
      if (moreLt !== null) options.onWake({ lt: moreLt, account: more.toRawString() });
    }
  }

  return async function connect(stop: AbortSignal): Promise<Outcome> {
    const aborter = new AbortController();
    const abort = () => aborter.abort();
    stop.addEventListener('abort', abort);
    let lastByteAt = now();
    let silent = false;
    const watchdog = (async () => {
      while (!aborter.signal.aborted) {
        const idle = now() - lastByteAt;
        if (idle >= heartbeatTimeoutMs) {
          silent = true;
          return aborter.abort();
        }
        await pause(heartbeatTimeoutMs - idle, aborter.signal);
      }
    })();
    try {
      const response = await fetchImpl(url, { method: 'POST', headers, body, signal: aborter.signal });
      if (!response.ok || !response.body) return await refused(response, clean, status);
      const push = createSseParser(onFrame);
      const decoder = new TextDecoder();
      const reader = response.body.getReader();
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        lastByteAt = now();
        status.lastDataAt = lastByteAt;
        push(decoder.decode(read.value, { stream: true }));
      }
      status.lastError = 'the server closed the stream';
    } catch (err) {
      if (!stop.aborted)
        status.lastError = silent
          ? `no data for ${heartbeatTimeoutMs} ms: the stream went silent`
          : clean(describe(err));
    } finally {
      aborter.abort();
      stop.removeEventListener('abort', abort);
      await watchdog;
    }
    return ended(status, now(), stop.aborted ? undefined : options.onDisconnected);
  };
}

/** Marks the connection closed; a confirmed one tells the caller, and says whether it had been stable. */
function ended(status: StreamStatus, nowMs: number, onDisconnected: (() => void) | undefined): Outcome {
  const { connected, since } = status;
  Object.assign(status, { connected: false, since: null });
  if (!connected) return 'failed';
  onDisconnected?.();
  return since !== null && nowMs - since >= STABLE_AFTER_MS ? 'stable' : 'failed';
}

/**
 * An HTTP error answer. 429 (toncenter keeps the old session for about a minute, so a quick
 * reconnect meets it), 408 and 5xx are worth retrying; any other status (401 no such key, 403
 * network not allowed, 400 a request it will never accept) would be refused again.
 */
async function refused(response: Response, clean: (text: string) => string, status: StreamStatus): Promise<Outcome> {
  const text = await response.text().catch(() => '');
  let reason = text;
  try {
    const parsed = JSON.parse(text) as { error?: unknown; result?: unknown };
    reason = String(parsed.error ?? parsed.result ?? text);
  } catch {
    // not JSON: the text itself
  }
  const code = response.status;
  status.lastError = clean(response.ok ? 'the answer had no body' : `HTTP ${code}: ${reason}`);
  if (response.ok || code === 408 || code === 429 || code >= 500) return 'failed';
  return 'fatal';
}

/**
 * toncenter's server names the confirmation `event: connected`, but its documentation shows it as
 * a bare `{"status":"subscribed"}` data line, and ton-org/ton's client keys on that payload alone
 * (StreamingSse.ts). Either form confirms: acks carry `status`, notifications always carry `type`.
 */
function isSubscribedAck(payload: unknown): boolean {
  return isRecord(payload) && payload.status === 'subscribed' && !('type' in payload);
}

/** The highest lt among a `transactions` notification's transactions on `account`, or null. */
export function highestLtOn(notification: unknown, account: Address): bigint | null {
  if (!isRecord(notification) || notification.type !== 'transactions' || !Array.isArray(notification.transactions))
    return null;
  let highest: bigint | null = null;
  for (const tx of notification.transactions) {
    if (!isRecord(tx) || typeof tx.lt !== 'string' || !/^\d{1,20}$/.test(tx.lt) || !sameAccount(tx.account, account))
      continue;
    const lt = BigInt(tx.lt);
    if (highest === null || lt > highest) highest = lt;
  }
  return highest;
}

/**
 * Server-sent events framing (WHATWG, by eventsource-parser): lines end in CRLF, LF or CR, a line
 * starting with `:` is a comment (toncenter's keepalive), and a blank line ends an event. Takes
 * text in pieces cut anywhere.
 */
export function createSseParser(onEvent: (event: string, data: string) => void): (text: string) => void {
  const parser = createParser({ onEvent: (message) => onEvent(message.event ?? 'message', message.data) });
  return (text) => parser.feed(text);
}

function sameAccount(value: unknown, account: Address): boolean {
  if (typeof value !== 'string') return false;
  try {
    return Address.parse(value).equals(account);
  } catch {
    return false;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function describe(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = err.cause instanceof Error ? `: ${err.cause.message}` : '';
  return `${err.message}${cause}`;
}
