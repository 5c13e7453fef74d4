import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Address, beginCell, Cell, type Transaction, type TupleItem } from '@ton/core';
import { createAccountHistory } from './served-chain';

/**
 * A loopback stand-in for tonapi v2 (the two /v2/blockchain/accounts endpoints the tonapi source
 * uses), serving real transaction cells and answering in tonapi's JSON shapes, errors included.
 */

/** Resolves to null when the account has no contract to run (tonapi answers 404). */
export type TonapiGetMethodHandler = (
  address: Address,
  method: string,
  stack: TupleItem[],
) => Promise<{ exitCode: number; stack: TupleItem[] } | null>;

export interface TonapiFaults {
  /** next N requests: HTTP 429 */
  rateLimited: number;
  /** next N requests: HTTP 502 */
  serverErrors: number;
  /** next N requests get no answer at all (the client times out) */
  hang: number;
  /** hide the newest k transactions of every account: a stalled head */
  lag: number;
  /** next N transaction lists carry another transaction's BOC under the first item's hash */
  forgedBoc: number;
  /** serve the newest page whatever before_lt/after_lt say, as opentonapi's lite storage does */
  ignoreBounds: boolean;
}

export interface TonapiRequest {
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
}

export interface TonapiDouble {
  /** http://127.0.0.1:<port>, the source's baseUrl */
  url: string;
  readonly requests: readonly TonapiRequest[];
  setFaults(faults: Partial<TonapiFaults>): void;
  /** Changes the key the double accepts (undefined: any request passes), as a revocation would. */
  setApiKey(apiKey: string | undefined): void;
  /** Takes transaction cells (`tx.raw` of sandbox transactions); duplicates are ignored. */
  addTransactions(account: Address, transactions: ReadonlyArray<{ raw: Cell }>): void;
  close(): Promise<void>;
}

const NO_FAULTS: TonapiFaults = { rateLimited: 0, serverErrors: 0, hang: 0, lag: 0, forgedBoc: 0, ignoreBounds: false };

class HttpFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const ROUTE = /^\/v2\/blockchain\/accounts\/([^/]+)\/(transactions|methods\/([^/]+))$/;

export async function startTonapiDouble(
  options: { runGetMethod?: TonapiGetMethodHandler; apiKey?: string } = {},
): Promise<TonapiDouble> {
  const history = createAccountHistory();
  const faults: TonapiFaults = { ...NO_FAULTS };
  const requests: TonapiRequest[] = [];
  let apiKey = options.apiKey;

  function listTransactions(account: Address, query: URLSearchParams): unknown {
    const limit = Number(query.get('limit') ?? 100);
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new HttpFailure(400, 'invalid limit');
    const beforeLt = faults.ignoreBounds ? 0n : BigInt(query.get('before_lt') ?? 0);
    const afterLt = faults.ignoreBounds ? 0n : BigInt(query.get('after_lt') ?? 0);
    const visible = history.of(account).slice(faults.lag);
    const page = visible.filter((tx) => (beforeLt === 0n || tx.lt < beforeLt) && tx.lt > afterLt).slice(0, limit);
    if (query.get('sort_order') === 'asc') page.reverse();
    const items = page.map(toTonapiTransaction);
    const [first, second] = items;
    if (faults.forgedBoc > 0 && first && second) {
      faults.forgedBoc -= 1;
      first.raw = second.raw;
    }
    return { transactions: items };
  }

  async function runGetMethod(account: Address, method: string, query: URLSearchParams): Promise<unknown> {
    if (!options.runGetMethod) throw new HttpFailure(500, 'runGetMethod not configured');
    const result = await options.runGetMethod(account, method, query.getAll('args').map(parseArg));
    if (!result) throw new HttpFailure(404, 'entity not found');
    const { exitCode, stack } = result;
    return { success: exitCode === 0 || exitCode === 1, exit_code: exitCode, stack: stack.map(toStackRecord) };
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://double');
    const authorization = req.headers.authorization;
    requests.push({ path: url.pathname, query: url.searchParams, authorization });
    const injected = nextInjectedFault();
    if (injected === 'hang') return;
    if (injected) throw injected;
    // Echoes the token it refuses, so a test sees that the source scrubs its key from messages.
    if (apiKey !== undefined && authorization !== `Bearer ${apiKey}`)
      throw new HttpFailure(401, `invalid token: ${authorization ?? ''}`);
    const route = ROUTE.exec(url.pathname);
    if (req.method !== 'GET' || !route) throw new HttpFailure(404, 'not found');
    const account = Address.parse(decodeURIComponent(route[1] as string));
    const body =
      route[3] === undefined
        ? listTransactions(account, url.searchParams)
        : await runGetMethod(account, decodeURIComponent(route[3]), url.searchParams);
    send(res, 200, body);
  }

  function nextInjectedFault(): HttpFailure | 'hang' | undefined {
    if (faults.hang > 0) {
      faults.hang -= 1;
      return 'hang';
    }
    if (faults.rateLimited > 0) {
      faults.rateLimited -= 1;
      return new HttpFailure(429, 'rate limit exceeded');
    }
    if (faults.serverErrors > 0) {
      faults.serverErrors -= 1;
      return new HttpFailure(502, 'bad gateway');
    }
    return undefined;
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      const failure = err instanceof HttpFailure ? err : new HttpFailure(500, String(err));
      send(res, failure.status, { error: failure.message });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    setFaults: (changes) => Object.assign(faults, changes),
    setApiKey(key) {
      apiKey = key;
    },
    addTransactions: history.add,
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
    },
  };
}

/** tonapi's Transaction, enough of it to look real; the source reads only `hash` and `raw`. */
function toTonapiTransaction(tx: Transaction): { hash: string; lt: number; raw: string } & Record<string, unknown> {
  const description = tx.description.type === 'generic' ? tx.description : undefined;
  return {
    hash: tx.hash().toString('hex'),
    lt: Number(tx.lt),
    account: { address: `0:${tx.address.toString(16).padStart(64, '0')}`, is_scam: false, is_wallet: true },
    success: !description?.aborted,
    utime: tx.now,
    total_fees: Number(tx.totalFees.coins),
    transaction_type: 'TransOrd',
    out_msgs: [],
    block: '(0,8000000000000000,1)',
    prev_trans_hash: tx.prevTransactionHash.toString(16).padStart(64, '0'),
    prev_trans_lt: Number(tx.prevTransactionLt),
    aborted: description?.aborted ?? false,
    destroyed: description?.destroyed ?? false,
    raw: tx.raw.toBoc().toString('hex'),
  };
}

/** tonapi's reading of one `args` string (pkg/api/converters.go stringToTVMStackRecord), in its order. */
function parseArg(arg: string): TupleItem {
  if (Address.isRaw(arg) || Address.isFriendly(arg)) {
    return { type: 'slice', cell: beginCell().storeAddress(Address.parse(arg)).endCell() };
  }
  if (arg.startsWith('0x')) return { type: 'int', value: BigInt(arg) };
  if (/^-?\d+$/.test(arg)) return { type: 'int', value: BigInt(arg) };
  if (/^[0-9a-f]+$/i.test(arg)) return { type: 'slice', cell: Cell.fromBoc(Buffer.from(arg, 'hex'))[0] as Cell };
  return { type: 'cell', cell: Cell.fromBase64(arg) };
}

/** tonapi's TvmStackRecord (pkg/api/converters.go convertTvmStackValue): slices go out as hex cells. */
function toStackRecord(item: TupleItem): unknown {
  switch (item.type) {
    case 'int':
      return {
        type: 'num',
        num: item.value < 0n ? `-0x${(-item.value).toString(16)}` : `0x${item.value.toString(16)}`,
      };
    case 'null':
    case 'nan':
      return { type: item.type };
    case 'cell':
    case 'slice':
    case 'builder':
      return { type: 'cell', cell: item.cell.toBoc().toString('hex') };
    case 'tuple':
      return { type: 'tuple', tuple: item.items.map(toStackRecord) };
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}
