import type { AssetCode } from '../../contract/asset';

/** What one live source said: `${fiat}/${asset}` → that fiat per one whole unit of the asset, and when it was fixed. */
export interface SourcePrices {
  /** exact decimal strings, as the source printed them */
  rates: ReadonlyMap<string, string>;
  /** when the source fixed these prices (ms): its own timestamp where it sends one, else when it answered */
  fixedAt: number;
}

/** One live source of asset prices (tonapi, CoinGecko): asked for some fiat currencies at once. */
export interface RateSource {
  readonly name: string;
  fetchPrices(fiats: readonly string[], assets: readonly AssetCode[]): Promise<SourcePrices>;
}

/** Why a source gave nothing usable, in words the dashboard shows ("429 rate limited: …", "timed out after 3 s"). */
export class SourceError extends Error {
  constructor(
    message: string,
    /** the HTTP status the source answered with, when it answered */
    readonly status: number | null = null,
    /** the body it answered with (an adapter reads its own error format from it) */
    readonly body = '',
  ) {
    super(message);
    this.name = 'SourceError';
  }
}

export interface HttpOptions {
  timeoutMs: number;
  headers?: Record<string, string>;
}

/** The longest body quoted in an error: enough to read a source's own message, not a whole HTML page. */
const QUOTED_BODY_CHARS = 160;

/**
 * GET a source's URL within `timeoutMs` (the request is aborted at that point, so a hung source costs
 * one timeout, never a stuck invoice). Any answer but 2xx becomes a SourceError quoting the source's body.
 */
export async function getText(url: string, options: HttpOptions): Promise<string> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  try {
    const res = await fetch(url, { signal: controller.signal, headers: options.headers, redirect: 'error' });
    const body = await res.text();
    if (res.ok) return body;
    const quoted = body.replace(/\s+/g, ' ').trim().slice(0, QUOTED_BODY_CHARS);
    const what = res.status === 429 ? '429 rate limited' : `HTTP ${res.status}`;
    throw new SourceError(quoted ? `${what}: ${quoted}` : what, res.status, body);
  } catch (err) {
    if (err instanceof SourceError) throw err;
    if (controller.signal.aborted) throw new SourceError(`timed out after ${formatSeconds(options.timeoutMs)}`);
    throw new SourceError(`unreachable: ${causeOf(err)}`);
  } finally {
    clearTimeout(timer);
  }
}

/** A JSON body, or a SourceError saying it is not JSON. */
export function parseJson(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    throw new SourceError(`malformed response: not JSON (${body.slice(0, 40)}…)`);
  }
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const formatSeconds = (ms: number): string => `${ms % 1000 === 0 ? ms / 1000 : (ms / 1000).toFixed(1)} s`;

/** fetch's own "fetch failed" hides the reason (ECONNREFUSED, a DNS failure) in its cause. */
function causeOf(err: unknown): string {
  const cause = (err as { cause?: unknown }).cause;
  if (cause instanceof Error) return cause.message;
  return err instanceof Error ? err.message : String(err);
}
