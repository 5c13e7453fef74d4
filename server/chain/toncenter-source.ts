import type { TonClient } from '@ton/ton';
import type { Address, TupleItem } from '@ton/core';
import type { ChainSource } from './types';
import { createTokenBucket, type TokenBucket } from './rate-limiter';

export type ChainErrorKind = 'rate_limited' | 'server' | 'network' | 'rejected' | 'other';

/**
 * What the toncenter source throws. It deliberately keeps no reference to the underlying
 * AxiosError, whose `config.headers` carries the X-API-Key and would leak into any log of it.
 */
export class ChainRequestError extends Error {
  override readonly name = 'ChainRequestError';

  constructor(
    readonly kind: ChainErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export interface ToncenterSourceOptions {
  mode: 'testnet' | 'mainnet';
  /** e.g. https://toncenter.com/api/v2/jsonRPC */
  endpoint: string;
  apiKey?: string;
  timeoutMs?: number;
  limiter?: TokenBucket;
}

const DEFAULT_TIMEOUT_MS = 15_000;

export function createToncenterSource(options: ToncenterSourceOptions): ChainSource {
  const { mode, endpoint, apiKey, timeoutMs = DEFAULT_TIMEOUT_MS } = options;
  // @ton/ton (and axios with it) loads with the first request: the watcher imports this module for
  // classifyChainError in every chain mode, and in sandbox mode it would hold 10 MB for nothing.
  let loading: Promise<TonClient> | undefined;
  const client = () =>
    (loading ??= import('@ton/ton').then(
      (mod) => new (commonJsExports(mod).TonClient)({ endpoint, apiKey, timeout: timeoutMs }),
    ));
  // toncenter's published limits: 1 rps without a key, 10 rps on the free key.
  const limiter = options.limiter ?? createTokenBucket({ ratePerSecond: apiKey ? 10 : 1, burst: 1 });

  async function call<T>(request: () => Promise<T>): Promise<T> {
    await limiter.take();
    try {
      return await request();
    } catch (err) {
      throw toChainRequestError(err, apiKey);
    }
  }

  return {
    mode,
    async getTransactions(account, { limit, lt, hash, toLt }) {
      if ((lt === undefined) !== (hash === undefined)) {
        throw new TypeError('getTransactions: lt and hash must be given together');
      }
      return call(async () =>
        (await client()).getTransactions(account, {
          limit,
          lt: lt?.toString(),
          // TonClient takes base64 and converts it back to hex for the wire.
          hash: hash === undefined ? undefined : Buffer.from(hash, 'hex').toString('base64'),
          to_lt: toLt?.toString(),
          // ChainSource pages are inclusive; TonClient would otherwise drop the first item.
          inclusive: true,
          // Regular liteservers keep about two days; catch-up needs the archive.
          archival: true,
        }),
      );
    },
    runGetMethod(account: Address, method: string, stack: TupleItem[] = []) {
      return call(async () => (await (await client()).runMethod(account, method, stack)).stack);
    },
  };
}

interface HttpFailure {
  status: number;
  detail: string | undefined;
}

interface AxiosLike {
  isAxiosError: true;
  code?: string;
  message: string;
  response?: { status: number; data?: unknown };
}

const NETWORK_CODES = new Set([
  'ECONNABORTED',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ERR_NETWORK',
  'ERR_SOCKET_CONNECTION_TIMEOUT',
]);

/** Maps anything a ChainSource may throw to what the caller should do about it. */
export function classifyChainError(err: unknown): ChainErrorKind {
  if (err instanceof ChainRequestError) return err.kind;
  const http = httpFailureOf(err);
  if (http) return kindOfAnswer(http.status, http.detail);
  if (isAxiosLike(err) || NETWORK_CODES.has(codeOf(err) ?? '')) return 'network';
  const okFalse = okFalseBodyOf(err);
  if (okFalse) return kindOfAnswer(okFalse.code, okFalse.error);
  if (err instanceof Error && err.message.startsWith('Malformed response')) return 'server';
  return 'other';
}

/**
 * toncenter reports a get method's non-zero exit code as an error, "Exit code <N> != 0" with code
 * 500 (its v2 reference, responses.500_execution), in an HTTP 500 or inside a 200. That is the
 * contract's answer (an uninitialised account gives -13), the same from any provider: 'other', as
 * TonClient's own "Unable to execute get method. Got exit_code: N" is.
 */
const EXIT_CODE_ERROR = /^Exit code -?\d+ != 0/;

/**
 * An error answer's status: the HTTP one, or the `code` of an `ok:false` body in an HTTP 200 (how
 * toncenter's v2 wraps errors on its JSON-RPC endpoint). 5xx and 429 are the provider failing,
 * whichever way they came. tonapi's answers are read the same way.
 */
export function kindOfAnswer(code: number | undefined, error: string | undefined): ChainErrorKind {
  if (error !== undefined && EXIT_CODE_ERROR.test(error)) return 'other';
  if (code === 429) return 'rate_limited';
  if (code !== undefined && code >= 500) return 'server';
  return 'rejected';
}

function toChainRequestError(err: unknown, apiKey: string | undefined): ChainRequestError {
  const kind = classifyChainError(err);
  const http = httpFailureOf(err);
  const message = scrub(describe(err, http), apiKey);
  return new ChainRequestError(kind, message, http?.status);
}

function describe(err: unknown, http: HttpFailure | undefined): string {
  if (http) return `toncenter HTTP ${http.status}${http.detail ? `: ${http.detail}` : ''}`;
  if (isAxiosLike(err)) return `toncenter unreachable: ${err.code ?? 'network error'}: ${err.message}`;
  const okFalse = okFalseBodyOf(err);
  if (okFalse) return `toncenter answered ok:false, code ${okFalse.code ?? '?'}: ${okFalse.error ?? ''}`;
  return err instanceof Error ? err.message : String(err);
}

function scrub(message: string, apiKey: string | undefined): string {
  const clean = apiKey ? message.split(apiKey).join('***') : message;
  return clean.length > 300 ? `${clean.slice(0, 300)}…` : clean;
}

function isAxiosLike(err: unknown): err is AxiosLike {
  return typeof err === 'object' && err !== null && (err as { isAxiosError?: unknown }).isAxiosError === true;
}

function codeOf(err: unknown): string | undefined {
  const code = typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

function httpFailureOf(err: unknown): HttpFailure | undefined {
  if (!isAxiosLike(err) || !err.response) return undefined;
  const data = err.response.data as { error?: unknown } | undefined;
  const detail = typeof data === 'object' && data !== null && typeof data.error === 'string' ? data.error : undefined;
  return { status: err.response.status, detail };
}

const OK_FALSE_PREFIX = 'Received error: ';

/** TonClient turns an HTTP 200 with `ok: false` into Error("Received error: <json body>"). */
function okFalseBodyOf(err: unknown): { code?: number; error?: string } | undefined {
  if (!(err instanceof Error) || !err.message.startsWith(OK_FALSE_PREFIX)) return undefined;
  try {
    const body = JSON.parse(err.message.slice(OK_FALSE_PREFIX.length)) as { code?: unknown; error?: unknown };
    return {
      code: typeof body.code === 'number' ? body.code : undefined,
      error: typeof body.error === 'string' ? body.error : undefined,
    };
  } catch {
    return {};
  }
}

/**
 * @ton/ton is CommonJS. Node's own import gives its exports by name; the built service (esbuild, with
 * code splitting) puts them on `default` only, which left `TonClient` undefined in every testnet or
 * mainnet service started with `npm run serve`.
 */
function commonJsExports<T extends object>(mod: T): T {
  const bundled = (mod as { default?: T }).default;
  return bundled && !('TonClient' in mod) ? bundled : mod;
}
