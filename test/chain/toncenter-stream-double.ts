import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  Address,
  beginCell,
  loadTransaction,
  storeMessage,
  type AccountStatus,
  type Cell,
  type Message,
  type Transaction,
} from '@ton/core';

/**
 * toncenter's Streaming API v2 over SSE (`POST /api/streaming/v2/sse`) as the real server answers
 * it: validation errors as HTTP 400 `{"error":...}`, the subscription confirmed, `: keepalive`
 * comments, `event: event` notifications carrying v3 transaction objects, lt DESC. Tests decide
 * what it publishes and when it fails.
 */

/**
 * How a subscription is confirmed. `named`: `event: connected` then `data: {"status":"subscribed"}`,
 * as toncenter's Go server writes it (toncenter/ton-indexer@eb9fbfa3 ton-streaming-go/v2/server.go,
 * writeSSE). `bare`: only the data line, no event name, as toncenter's documentation shows it
 * ("Successful SSE subscriptions receive the following message from the server: {"status":
 * "subscribed"}", ton-org/docs@93b900c7 ecosystem/api/toncenter/streaming/sse.mdx); ton-org/ton's
 * own client keys on that payload whatever the event name (ton-org/ton@4b65d88d
 * src/client/streaming/StreamingSse.ts).
 */
export type StreamConfirmation = 'named' | 'bare';

export type Finality = 'pending' | 'confirmed' | 'finalized';

export interface StreamFaults {
  /** every notification is sent twice (toncenter repeats them by design) */
  duplicateEvents: boolean;
  /** the next N connections get HTTP 429, as a reconnect does while the old session lingers */
  rejectConnections: number;
  /** everything is written one byte per write, so frames reach the client cut anywhere */
  bytewise: boolean;
}

export interface RecordedStreamRequest {
  body: unknown;
  apiKey: string | undefined;
}

export interface StreamControls {
  readonly streamRequests: readonly RecordedStreamRequest[];
  /**
   * Sends one `transactions` notification with those of `transactions` that are on `account` to
   * every connection subscribed to it whose min_finality allows `finality` (default finalized).
   * Returns how many connections it was written to.
   */
  publish(account: Address, transactions: ReadonlyArray<{ raw: Cell }>, options?: { finality?: Finality }): number;
  /** Writes raw text to every connection that is not silenced; returns how many. */
  writeStreams(text: string): number;
  /** Ends every streaming connection, as a restart of the server would. */
  disconnectStreams(): void;
  /** The open connections stay open but receive nothing more at all, not even keepalives. */
  silenceStreams(): void;
  setStreamFaults(faults: Partial<StreamFaults>): void;
  /** Resolves once `count` connections in all have been confirmed. */
  streamsConnected(count: number): Promise<void>;
  /** connections open now, silenced ones included */
  openStreams(): number;
}

const EVENT_TYPES = ['transactions', 'actions', 'trace', 'account_state_change', 'jettons_change'];
const FINALITY_RANK: Record<Finality, number> = { pending: 0, confirmed: 1, finalized: 2 };

interface Connection {
  res: ServerResponse;
  addresses: Set<string>;
  minFinality: number;
  silent: boolean;
  keepalive: NodeJS.Timeout;
}

export interface StreamHubOptions {
  apiKey?: string;
  /** between `: keepalive` comments; 15 s like toncenter */
  keepaliveMs?: number;
  /** default named */
  streamConfirmation?: StreamConfirmation;
}

const CONFIRMATIONS: Record<StreamConfirmation, string> = {
  named: `event: connected\ndata: ${JSON.stringify({ status: 'subscribed' })}\n\n`,
  bare: `data: ${JSON.stringify({ status: 'subscribed' })}\n\n`,
};

export function createStreamHub(options: StreamHubOptions) {
  const connections = new Set<Connection>();
  const streamRequests: RecordedStreamRequest[] = [];
  const faults: StreamFaults = { duplicateEvents: false, rejectConnections: 0, bytewise: false };
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  let connectedTotal = 0;

  function write(connection: Connection, text: string): boolean {
    if (connection.silent || connection.res.destroyed) return false;
    if (faults.bytewise) {
      for (const byte of Buffer.from(text)) connection.res.write(Buffer.of(byte));
    } else {
      connection.res.write(text);
    }
    return true;
  }

  function handle(req: IncomingMessage, res: ServerResponse, text: string): void {
    const apiKey = req.headers['x-api-key'] as string | undefined;
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return sendJson(res, 400, { error: 'invalid request body' });
    }
    streamRequests.push({ body, apiKey });
    if (options.apiKey !== undefined && apiKey !== options.apiKey)
      return sendJson(res, 401, { error: 'API key does not exist' });
    if (faults.rejectConnections > 0) {
      faults.rejectConnections -= 1;
      return sendJson(res, 429, { error: 'connection limit reached: 2 active connections' });
    }
    const subscription = validate(body);
    if ('error' in subscription) return sendJson(res, 400, subscription);
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
    const connection: Connection = {
      res,
      ...subscription,
      silent: false,
      keepalive: setInterval(() => write(connection, ': keepalive\n\n'), options.keepaliveMs ?? 15_000),
    };
    connections.add(connection);
    res.on('close', () => {
      clearInterval(connection.keepalive);
      connections.delete(connection);
    });
    write(connection, CONFIRMATIONS[options.streamConfirmation ?? 'named']);
    connectedTotal += 1;
    for (const waiter of waiters.filter((w) => w.count <= connectedTotal)) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  }

  const controls: StreamControls = {
    streamRequests,
    publish(account, transactions, { finality = 'finalized' } = {}) {
      const accountHash = BigInt(`0x${account.hash.toString('hex')}`);
      const mine = transactions
        .map(({ raw }) => loadTransaction(raw.beginParse()))
        .filter((tx) => tx.address === accountHash);
      if (mine.length === 0) return 0;
      mine.sort((a, b) => (a.lt < b.lt ? 1 : a.lt > b.lt ? -1 : 0));
      const notification = {
        type: 'transactions',
        finality,
        trace_external_hash_norm: mine[0]!.hash().toString('base64'),
        transactions: mine.map((tx) => toV3Transaction(tx, account, finality)),
      };
      const frame = `event: event\ndata: ${JSON.stringify(notification)}\n\n`;
      let sent = 0;
      for (const connection of connections) {
        if (!connection.addresses.has(rawUpper(account)) || FINALITY_RANK[finality] < connection.minFinality) continue;
        if (!write(connection, frame)) continue;
        if (faults.duplicateEvents) write(connection, frame);
        sent += 1;
      }
      return sent;
    },
    writeStreams: (text) => [...connections].filter((connection) => write(connection, text)).length,
    disconnectStreams() {
      for (const connection of connections) {
        clearInterval(connection.keepalive);
        connection.res.destroy();
      }
      connections.clear();
    },
    silenceStreams() {
      for (const connection of connections) connection.silent = true;
    },
    setStreamFaults: (changes) => void Object.assign(faults, changes),
    streamsConnected: (count) =>
      count <= connectedTotal ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ count, resolve })),
    openStreams: () => connections.size,
  };

  return {
    handle,
    controls,
    close() {
      for (const connection of connections) clearInterval(connection.keepalive);
    },
  };
}

/** The Go server's checks, with its messages; the result is the subscription, addresses normalised. */
function validate(body: unknown): { addresses: Set<string>; minFinality: number } | { error: string } {
  const request = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const types = Array.isArray(request.types) ? request.types.map(String) : [];
  if (types.length === 0) return { error: 'types are required' };
  const unknownType = types.find((type) => !EVENT_TYPES.includes(type));
  if (unknownType) return { error: `invalid event type: ${unknownType}` };
  const addresses = Array.isArray(request.addresses) ? request.addresses.map(String) : [];
  if (addresses.length === 0 && types.some((type) => type !== 'trace'))
    return { error: 'addresses are required for subscription' };
  const finality = request.min_finality ?? 'finalized';
  if (typeof finality !== 'string' || !(finality in FINALITY_RANK))
    return { error: `invalid min_finality: ${String(finality)}` };
  const normalised = new Set<string>();
  for (const address of addresses) {
    try {
      normalised.add(rawUpper(Address.parse(address)));
    } catch {
      return { error: `invalid address: ${address}` };
    }
  }
  return { addresses: normalised, minFinality: FINALITY_RANK[finality as Finality] };
}

const rawUpper = (address: Address): string => `${address.workChain}:${address.hash.toString('hex').toUpperCase()}`;
const base64Of = (hash: bigint): string => Buffer.from(hash.toString(16).padStart(64, '0'), 'hex').toString('base64');
const STATUS_NAMES: Record<AccountStatus, string> = {
  uninitialized: 'uninit',
  frozen: 'frozen',
  active: 'active',
  'non-existing': 'nonexist',
};

/** A v3 Transaction object as the stream carries it: raw uppercase addresses, std base64 hashes, 64-bit numbers as strings. */
function toV3Transaction(tx: Transaction, account: Address, finality: Finality): unknown {
  return {
    account: rawUpper(account),
    hash: tx.hash().toString('base64'),
    lt: tx.lt.toString(),
    now: tx.now,
    mc_block_seqno: null,
    trace_id: tx.hash().toString('base64'),
    prev_trans_hash: base64Of(tx.prevTransactionHash),
    prev_trans_lt: tx.prevTransactionLt.toString(),
    orig_status: STATUS_NAMES[tx.oldStatus],
    end_status: STATUS_NAMES[tx.endStatus],
    total_fees: tx.totalFees.coins.toString(),
    description: describe(tx),
    in_msg: tx.inMessage ? toV3Message(tx.inMessage) : null,
    out_msgs: [...tx.outMessages.values()].map(toV3Message),
    emulated: false,
    finality,
  };
}

function describe(tx: Transaction): unknown {
  const d = tx.description;
  if (d.type !== 'generic') return { type: d.type };
  const compute =
    d.computePhase.type === 'vm'
      ? { skipped: false, success: d.computePhase.success, exit_code: d.computePhase.exitCode }
      : { skipped: true, reason: d.computePhase.reason };
  return { type: 'ord', aborted: d.aborted, destroyed: d.destroyed, compute_ph: compute };
}

function toV3Message(message: Message): unknown {
  const { info, body } = message;
  const internal = info.type === 'internal' ? info : undefined;
  const slice = body.beginParse();
  return {
    hash: beginCell().store(storeMessage(message)).endCell().hash().toString('base64'),
    source: info.type === 'external-in' ? null : rawUpper(info.src),
    destination: info.type === 'external-out' ? null : rawUpper(info.dest),
    value: internal ? internal.value.coins.toString() : null,
    opcode: slice.remainingBits >= 32 ? `0x${slice.loadUint(32).toString(16).padStart(8, '0')}` : null,
    created_lt: info.type === 'external-in' ? null : info.createdLt.toString(),
    bounce: internal?.bounce ?? null,
    bounced: internal?.bounced ?? null,
    message_content: { hash: body.hash().toString('base64'), body: body.toBoc().toString('base64'), decoded: null },
    init_state: null,
  };
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}
