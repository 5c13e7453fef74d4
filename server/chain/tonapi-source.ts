import { Cell, loadTransaction, TupleReader, type Address, type Transaction, type TupleItem } from '@ton/core';
import type { ChainSource } from './types';
import { createTokenBucket, type TokenBucket } from './rate-limiter';
import { ChainRequestError, kindOfAnswer } from './toncenter-source';

/*
 * tonapi v2 as a second, independent ChainSource. What this relies on, from tonapi's
 * api/openapi.yml (tonkeeper/opentonapi):
 * - GET /v2/blockchain/accounts/{account_id}/transactions takes after_lt, before_lt ("omit this
 *   parameter to get last transactions"), limit (1..1000, default 100) and sort_order (desc by
 *   default) and answers {transactions: Transaction[]}.
 * - Transaction carries `hash` (hex) and `raw`, the "hex encoded boc with raw transaction": the
 *   same cell toncenter v2 serves, so hashes and the poller's prev lt/hash continuity check work on
 *   it unchanged. Its lt, prev_trans_lt and prev_trans_hash are read from the BOC, not the JSON.
 * - GET /v2/blockchain/accounts/{account_id}/methods/{method_name} takes `args` (form, explode:
 *   args=a&args=b): decimal integers, 0x-hex int257, "TON blockchain addresses for slice type",
 *   "Hex-encoded BOC for slice type", "Base64-encoded BOC for cell type". It answers
 *   MethodExecutionResult {success, exit_code, stack: TvmStackRecord[]}.
 *   Its stack sends ints as "0x…" and slices as cells in hex (pkg/api/converters.go).
 * - Errors answer {error: string} (components/responses/Error).
 * - The key goes in `Authorization: Bearer <key>`: tonapi's docs; openapi.yml declares no scheme.
 * The document does not say whether before_lt/after_lt are exclusive. The names, and the handler
 * defaulting an absent before_lt to 1<<62 (pkg/api/account_handlers.go), say `lt < before_lt` and
 * `lt > after_lt`; the page is filtered to those bounds here anyway, and a page that should start
 * at a transaction must start at it. That also refuses opentonapi's lite storage, which ignores
 * both bounds and always serves the newest page (pkg/litestorage/litestorage.go).
 */

export interface TonapiSourceOptions {
  mode: 'testnet' | 'mainnet';
  /** e.g. https://tonapi.io or https://testnet.tonapi.io */
  baseUrl: string;
  apiKey?: string;
  timeoutMs?: number;
  limiter?: TokenBucket;
}

const DEFAULT_TIMEOUT_MS = 15_000;
const MAX_LIMIT = 1000;

export function createTonapiSource(options: TonapiSourceOptions): ChainSource {
  const { mode, apiKey, timeoutMs = DEFAULT_TIMEOUT_MS } = options;
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const limiter = options.limiter ?? createTokenBucket({ ratePerSecond: apiKey ? 10 : 1, burst: 1 });
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (apiKey) headers.Authorization = `Bearer ${apiKey}`;

  async function call<T>(path: string, query: URLSearchParams, decode: (body: unknown) => T): Promise<T> {
    await limiter.take();
    try {
      return decode(await fetchJson(`${baseUrl}${path}?${query.toString()}`, headers, timeoutMs));
    } catch (err) {
      const failure =
        err instanceof ChainRequestError
          ? err
          : new ChainRequestError('server', `tonapi sent an unreadable answer: ${messageOf(err)}`);
      throw new ChainRequestError(failure.kind, scrub(failure.message, apiKey), failure.status);
    }
  }

  return {
    mode,
    async getTransactions(account, { limit, lt, hash, toLt }) {
      if ((lt === undefined) !== (hash === undefined)) {
        throw new TypeError('getTransactions: lt and hash must be given together');
      }
      if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
        throw new RangeError(`getTransactions: tonapi serves 1 to ${MAX_LIMIT} transactions a page`);
      }
      const query = new URLSearchParams({ limit: String(limit), sort_order: 'desc' });
      // before_lt is exclusive, so lt + 1 starts the page at the transaction itself.
      if (lt !== undefined) query.set('before_lt', (lt + 1n).toString());
      if (toLt !== undefined) query.set('after_lt', toLt.toString());
      const path = `/v2/blockchain/accounts/${account.toRawString()}/transactions`;
      return call(path, query, (body) => pageOf(decodeTransactions(body), { limit, lt, hash, toLt }));
    },
    async runGetMethod(account: Address, method: string, stack: TupleItem[] = []) {
      const query = new URLSearchParams();
      for (const item of stack) query.append('args', encodeArg(item));
      const path = `/v2/blockchain/accounts/${account.toRawString()}/methods/${encodeURIComponent(method)}`;
      try {
        return await call(path, query, (body) => new TupleReader(decodeResult(body, method)));
      } catch (err) {
        // tonapi answers 404 when there is no contract to run; resolveJettonWallet reads that as "not deployed".
        if (err instanceof ChainRequestError && err.status === 404) {
          throw new ChainRequestError(err.kind, `${err.message} (the account is non-active)`, 404);
        }
        throw err;
      }
    },
  };
}

async function fetchJson(url: string, headers: Record<string, string>, timeoutMs: number): Promise<unknown> {
  let status: number;
  let text: string;
  try {
    const response = await fetch(url, { headers, signal: AbortSignal.timeout(timeoutMs) });
    status = response.status;
    text = await response.text();
  } catch (err) {
    const code = codeOf((err as { cause?: unknown }).cause) ?? (err as Error).name;
    throw new ChainRequestError('network', `tonapi unreachable: ${code}: ${messageOf(err)}`);
  }
  if (status < 200 || status > 299) {
    const detail = errorOf(text);
    throw new ChainRequestError(
      kindOfAnswer(status, detail),
      `tonapi HTTP ${status}${detail ? `: ${detail}` : ''}`,
      status,
    );
  }
  return JSON.parse(text) as unknown;
}

interface PageRequest {
  limit: number;
  lt: bigint | undefined;
  hash: string | undefined;
  toLt: bigint | undefined;
}

/** Newest first, within ChainSource's bounds, starting at the requested transaction if there is one. */
function pageOf(transactions: Transaction[], { limit, lt, hash, toLt }: PageRequest): Transaction[] {
  const page = transactions
    .filter((tx) => (lt === undefined || tx.lt <= lt) && (toLt === undefined || tx.lt > toLt))
    .sort((a, b) => (a.lt > b.lt ? -1 : a.lt < b.lt ? 1 : 0))
    .slice(0, limit);
  const startsBelowFloor = lt !== undefined && toLt !== undefined && lt <= toLt;
  if (lt !== undefined && !startsBelowFloor) {
    const first = page[0];
    if (!first || first.lt !== lt || first.hash().toString('hex') !== hash?.toLowerCase()) {
      throw new ChainRequestError('server', `tonapi page does not start at transaction ${lt}:${hash ?? ''}`);
    }
  }
  return page;
}

function decodeTransactions(body: unknown): Transaction[] {
  const list = (body as { transactions?: unknown } | null)?.transactions;
  if (!Array.isArray(list)) throw new ChainRequestError('server', 'tonapi answer has no transactions list');
  return list.map((item: unknown) => {
    const { hash, raw } = (item ?? {}) as { hash?: unknown; raw?: unknown };
    if (typeof hash !== 'string' || typeof raw !== 'string' || !/^[0-9a-f]+$/i.test(raw)) {
      throw new ChainRequestError('server', 'tonapi transaction without hash or hex raw BOC');
    }
    const tx = loadTransaction(singleRoot(raw).beginParse());
    const actual = tx.hash().toString('hex');
    // The indexer's claims count for nothing: the BOC is the transaction, and its hash names it.
    // (The JSON lt is not even read: a number past 2^53 would not survive JSON.parse.)
    if (actual !== hash.toLowerCase()) {
      throw new ChainRequestError('server', `tonapi claims transaction ${hash} but its BOC hashes to ${actual}`);
    }
    return tx;
  });
}

function singleRoot(hex: string): Cell {
  const roots = Cell.fromBoc(Buffer.from(hex, 'hex'));
  if (roots.length !== 1) throw new ChainRequestError('server', `tonapi BOC has ${roots.length} roots`);
  return roots[0] as Cell;
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** One get-method argument the way tonapi parses `args` (pkg/api/converters.go stringToTVMStackRecord). */
function encodeArg(item: TupleItem): string {
  if (item.type === 'int') {
    if (item.value >= INT64_MIN && item.value <= INT64_MAX) return item.value.toString();
    if (item.value > 0n) return `0x${item.value.toString(16)}`;
  }
  if (item.type === 'cell') return item.cell.toBoc().toString('base64');
  if (item.type === 'slice') return addressIn(item.cell)?.toRawString() ?? item.cell.toBoc().toString('hex');
  throw new TypeError(`tonapi source cannot pass a ${item.type} get-method argument`);
}

/** The address a slice holds when it holds nothing else (get_wallet_address's argument). */
function addressIn(cell: Cell): Address | null {
  try {
    const slice = cell.beginParse();
    const address = slice.loadAddress();
    return slice.remainingBits === 0 && slice.remainingRefs === 0 ? address : null;
  } catch {
    return null;
  }
}

function decodeResult(body: unknown, method: string): TupleItem[] {
  const { exit_code: exitCode, stack } = (body ?? {}) as { exit_code?: unknown; stack?: unknown };
  if (typeof exitCode !== 'number' || !Array.isArray(stack)) {
    throw new ChainRequestError('server', 'tonapi answer is not a MethodExecutionResult');
  }
  // As TonClient does: 0 and 1 are the two success codes of TVM.
  if (exitCode !== 0 && exitCode !== 1) {
    throw new ChainRequestError('other', `tonapi: get method ${method} failed, exit_code: ${exitCode}`);
  }
  return stack.map(decodeStackRecord);
}

/** TvmStackRecord -> what TonClient returns: tonapi sends slices as cells, in hex (tongo ToBocString). */
function decodeStackRecord(record: unknown): TupleItem {
  const { type, num, cell, tuple } = (record ?? {}) as {
    type?: unknown;
    num?: unknown;
    cell?: unknown;
    tuple?: unknown;
  };
  if (type === 'num' && typeof num === 'string') return { type: 'int', value: parseNum(num) };
  if (type === 'cell' && typeof cell === 'string') return { type: 'cell', cell: singleRoot(cell) };
  if (type === 'null') return { type: 'null' };
  if (type === 'nan') return { type: 'nan' };
  if (type === 'tuple') return { type: 'tuple', items: (Array.isArray(tuple) ? tuple : []).map(decodeStackRecord) };
  throw new ChainRequestError(
    'server',
    `tonapi stack record of unknown shape: ${JSON.stringify(record).slice(0, 100)}`,
  );
}

/** "0x1f", "-0x1f", and "0x" for a zero big integer (Go's %x of empty bytes). */
function parseNum(num: string): bigint {
  const negative = num.startsWith('-');
  const digits = negative ? num.slice(1) : num;
  const value = digits === '0x' ? 0n : BigInt(digits);
  return negative ? -value : value;
}

function errorOf(text: string): string | undefined {
  try {
    const body = JSON.parse(text) as { error?: unknown } | null;
    if (typeof body?.error === 'string') return body.error;
  } catch {
    // not JSON: a proxy's error page, say
  }
  return text.trim().slice(0, 120) || undefined;
}

function scrub(message: string, apiKey: string | undefined): string {
  const clean = apiKey ? message.split(apiKey).join('***') : message;
  return clean.length > 300 ? `${clean.slice(0, 300)}…` : clean;
}

function codeOf(err: unknown): string | undefined {
  const code = typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
