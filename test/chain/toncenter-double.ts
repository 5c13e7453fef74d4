import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Address, type Cell, type Transaction, type TupleItem } from '@ton/core';
import { readStack, toJsonMessage, writeStack } from './toncenter-json';
import { createStreamHub, type StreamControls, type StreamHubOptions } from './toncenter-stream-double';
import { createAccountHistory } from './served-chain';

/**
 * A loopback stand-in for toncenter v2 JSON-RPC, serving real transactions so TonClient's own
 * request building, zod validation and BOC decoding are exercised; and for its Streaming API v2
 * (SSE), whose events the test publishes (toncenter-stream-double.ts).
 */
export type GetMethodHandler = (
  address: Address,
  method: string,
  stack: TupleItem[],
) => Promise<{ exitCode: number; stack: TupleItem[] }>;

/**
 * How toncenter reports a get method's non-zero exit code. `result`: ok:true, the code in
 * `result.exit_code`, as tonlib's smc.runResult (toncenter/ton-http-api pyTON). `error`: HTTP 500
 * `{"ok":false,"code":500,"error":"Exit code <N> != 0"}`, toncenter's v2 reference
 * (ton-org/docs@b28afb9e ecosystem/api/toncenter/v2.json, components.responses.500_execution).
 * `errorIn200`: that body in an HTTP 200, as toncenter's v2 wraps errors on the JSON-RPC endpoint.
 */
export type ExitCodeReport = 'result' | 'error' | 'errorIn200';

/*
 * toncenter's v2 answers errors as `{"ok":false,"code":<status>,"error":...}`, and on the JSON-RPC
 * endpoint that body can come in an HTTP 200: TonClient checks `ok` on a 200 for that reason
 * (@ton/ton HttpApi.doCall). The bodies below are real ones: 429 and 504 from toncenter's v2
 * reference (v2.json, components.responses.429 and .504); the 503 is what testnet answered a
 * runGetMethod (toncenter/ton-http-api issue #177).
 */
export interface ToncenterFaults {
  /** next N requests: HTTP 429 `{ok:false,code:429,error:"Ratelimit exceeded"}` */
  rateLimited: number;
  /** next N requests: HTTP 504 LITE_SERVER_NETWORK timeout */
  gatewayTimeouts: number;
  /** next N requests: HTTP 200 with ok:false, code 500 LITE_SERVER_UNKNOWN: a liteserver failure */
  rejected: number;
  /** next N requests: HTTP 200 with ok:false, code 503 (the testnet answer of ton-http-api#177) */
  wrappedServerErrors: number;
  /** next N requests: HTTP 200 with ok:false, code 429 Ratelimit exceeded */
  wrappedRateLimits: number;
  /** how a get method's non-zero exit code is answered */
  exitCodes: ExitCodeReport;
  /** next N requests get no answer at all (the client times out) */
  hang: number;
  /** hide the newest k transactions of every account, as a lagging node would */
  lag: number;
  /** hashes (hex) of transactions to leave out, making a hole in the history */
  hidden: string[];
  /** next N getTransactions with lt+hash answer as if lt+hash were absent (newest page again) */
  ignoreCursor: number;
  /** next N getTransactions that continue a listing (lt+hash given) get the previous answer again */
  repeatPage: number;
}

export interface RecordedRequest {
  method: string;
  params: Record<string, unknown>;
  apiKey: string | undefined;
}

export interface ToncenterDouble extends StreamControls {
  /** http://127.0.0.1:<port> */
  url: string;
  /** the JSON-RPC endpoint to give TonClient */
  endpoint: string;
  /** the streaming endpoint: POST, SSE */
  streamUrl: string;
  readonly requests: readonly RecordedRequest[];
  setFaults(faults: Partial<ToncenterFaults>): void;
  /** Takes transaction cells (`tx.raw` of sandbox transactions); duplicates are ignored. */
  addTransactions(account: Address, transactions: ReadonlyArray<{ raw: Cell }>): void;
  close(): Promise<void>;
}

const NO_FAULTS: ToncenterFaults = {
  rateLimited: 0,
  gatewayTimeouts: 0,
  rejected: 0,
  wrappedServerErrors: 0,
  wrappedRateLimits: 0,
  exitCodes: 'result',
  hang: 0,
  lag: 0,
  hidden: [],
  ignoreCursor: 0,
  repeatPage: 0,
};

const STREAM_PATH = '/api/streaming/v2/sse';

class RpcFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export async function startToncenterDouble(
  options: { runGetMethod?: GetMethodHandler } & StreamHubOptions = {},
): Promise<ToncenterDouble> {
  const history = createAccountHistory();
  const faults: ToncenterFaults = { ...NO_FAULTS };
  const requests: RecordedRequest[] = [];
  const streams = createStreamHub(options);
  let lastPage: unknown[] | undefined;

  function visible(account: Address): Transaction[] {
    const all = history.of(account);
    return all.slice(faults.lag).filter((tx) => !faults.hidden.includes(tx.hash().toString('hex')));
  }

  function getTransactions(params: Record<string, unknown>): unknown[] {
    if (faults.repeatPage > 0 && lastPage && params.hash !== undefined) {
      faults.repeatPage -= 1;
      return lastPage;
    }
    const txs = visible(Address.parse(String(params.address)));
    const limit = Number(params.limit ?? 10);
    if (limit > 1000) throw new RpcFailure(416, 416, 'limit should be less or equal 1000');
    const toLt = BigInt(String(params.to_lt ?? 0));
    let start = 0;
    if (params.lt !== undefined || params.hash !== undefined) {
      start = locate(txs, params);
      if (faults.ignoreCursor > 0) {
        faults.ignoreCursor -= 1;
        start = 0;
      }
    }
    const page = txs.slice(start, start + limit).filter((tx) => tx.lt > toLt);
    lastPage = page.map((tx) => toJsonTransaction(tx));
    return lastPage;
  }

  async function runGetMethod(params: Record<string, unknown>): Promise<unknown> {
    if (!options.runGetMethod) throw new RpcFailure(500, 500, 'runGetMethod not configured');
    const address = Address.parse(String(params.address));
    const stack = readStack(params.stack as unknown[]);
    const result = await options.runGetMethod(address, String(params.method), stack);
    if (result.exitCode !== 0 && faults.exitCodes !== 'result') {
      throw new RpcFailure(faults.exitCodes === 'error' ? 500 : 200, 500, `Exit code ${result.exitCode} != 0`);
    }
    return { '@type': 'smc.runResult', gas_used: 0, exit_code: result.exitCode, stack: writeStack(result.stack) };
  }

  async function dispatch(method: string, params: Record<string, unknown>): Promise<unknown> {
    if (method === 'getTransactions') return getTransactions(params);
    if (method === 'runGetMethod') return runGetMethod(params);
    throw new RpcFailure(404, 404, `method ${method} not implemented by the double`);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = JSON.parse(await readBody(req)) as { method: string; params?: Record<string, unknown> };
    const apiKey = req.headers['x-api-key'] as string | undefined;
    requests.push({ method: body.method, params: body.params ?? {}, apiKey });
    const injected = nextInjectedFault();
    if (injected === 'hang') return;
    if (injected) return send(res, injected.status, { ok: false, code: injected.code, error: injected.message });
    if (options.apiKey !== undefined && apiKey !== options.apiKey) {
      return send(res, 401, { ok: false, code: 401, error: 'API key does not exist' });
    }
    try {
      const result = await dispatch(body.method, body.params ?? {});
      send(res, 200, { ok: true, result, '@extra': 'double', jsonrpc: '2.0', id: '1' });
    } catch (err) {
      const failure = err instanceof RpcFailure ? err : new RpcFailure(500, 500, String(err));
      send(res, failure.status, { ok: false, code: failure.code, error: failure.message });
    }
  }

  // Checked in this order; each counter is spent one request at a time.
  type CountedFault =
    'hang' | 'rateLimited' | 'gatewayTimeouts' | 'rejected' | 'wrappedServerErrors' | 'wrappedRateLimits';
  const injectable: Array<[CountedFault, RpcFailure | 'hang']> = [
    ['hang', 'hang'],
    ['rateLimited', new RpcFailure(429, 429, 'Ratelimit exceeded')],
    ['gatewayTimeouts', new RpcFailure(504, 504, 'LITE_SERVER_NETWORK timeout')],
    ['rejected', new RpcFailure(200, 500, 'LITE_SERVER_UNKNOWN: injected')],
    ['wrappedServerErrors', new RpcFailure(200, 503, '[Error : 0 : Unexpected string end]')],
    ['wrappedRateLimits', new RpcFailure(200, 429, 'Ratelimit exceeded')],
  ];

  function nextInjectedFault(): RpcFailure | 'hang' | undefined {
    for (const [knob, failure] of injectable) {
      if (faults[knob] > 0) {
        faults[knob] -= 1;
        return failure;
      }
    }
    return undefined;
  }

  const server = createServer((req, res) => {
    if (req.method === 'POST' && req.url?.split('?')[0] === STREAM_PATH) {
      readBody(req).then(
        (body) => streams.handle(req, res, body),
        () => res.destroy(),
      );
      return;
    }
    if (req.method !== 'POST' || req.url?.split('?')[0] !== '/api/v2/jsonRPC')
      return send(res, 404, { ok: false, code: 404 });
    handle(req, res).catch((err: unknown) => send(res, 500, { ok: false, code: 500, error: String(err) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    ...streams.controls,
    url,
    endpoint: `${url}/api/v2/jsonRPC`,
    streamUrl: `${url}${STREAM_PATH}`,
    requests,
    setFaults: (changes) => Object.assign(faults, changes),
    addTransactions: history.add,
    close() {
      streams.close();
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
    },
  };
}

function locate(txs: Transaction[], params: Record<string, unknown>): number {
  if (params.lt === undefined || params.hash === undefined) {
    throw new RpcFailure(416, 416, 'lt and hash should be used together');
  }
  const lt = BigInt(String(params.lt));
  const hash = String(params.hash);
  const hex = /^[0-9a-f]{64}$/i.test(hash) ? hash.toLowerCase() : Buffer.from(hash, 'base64').toString('hex');
  const index = txs.findIndex((tx) => tx.lt === lt && tx.hash().toString('hex') === hex);
  if (index < 0) throw new RpcFailure(500, 500, 'LITE_SERVER_UNKNOWN: cannot locate transaction');
  return index;
}

function toJsonTransaction(tx: Transaction): unknown {
  return {
    '@type': 'raw.transaction',
    utime: tx.now,
    data: tx.raw.toBoc().toString('base64'),
    transaction_id: { '@type': 'internal.transactionId', lt: tx.lt.toString(), hash: tx.hash().toString('base64') },
    fee: tx.totalFees.coins.toString(),
    storage_fee: '0',
    other_fee: '0',
    in_msg: tx.inMessage ? toJsonMessage(tx.inMessage) : undefined,
    out_msgs: [...tx.outMessages.values()].map(toJsonMessage),
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}
