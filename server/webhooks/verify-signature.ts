import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * How a merchant checks a TonTill webhook. Self-contained (node:crypto only) so it can be copied
 * into a receiver as is; README-webhooks.md shows the same recipe.
 */
export interface VerifyOptions {
  /** Largest accepted distance between the signature's time and now, in seconds. Default 300. */
  toleranceSeconds?: number;
  /** The current time in unix seconds; defaults to the system clock. */
  nowSeconds?: number;
}

export type VerifyResult =
  | { ok: true; timestamp: number }
  | { ok: false; reason: 'malformed header' | 'timestamp outside tolerance' | 'no matching signature' };

export const DEFAULT_TOLERANCE_SECONDS = 300;

/**
 * `rawBody` must be the exact bytes received (not re-serialised JSON). `secrets` may hold several
 * secrets, e.g. while the receiver itself rotates; any one matching v1 value is enough.
 */
export function verifySignature(
  rawBody: string | Buffer,
  header: string | null | undefined,
  secrets: string | readonly string[],
  options: VerifyOptions = {},
): VerifyResult {
  const parsed = parseHeader(header);
  if (!parsed) return { ok: false, reason: 'malformed header' };
  const now = options.nowSeconds ?? Math.floor(Date.now() / 1000);
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  if (Math.abs(now - parsed.timestamp) > tolerance) return { ok: false, reason: 'timestamp outside tolerance' };
  const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody;
  for (const secret of typeof secrets === 'string' ? [secrets] : secrets) {
    const expected = createHmac('sha256', secret).update(`${parsed.timestamp}.`).update(body).digest();
    for (const candidate of parsed.signatures) {
      if (candidate.length === expected.length && timingSafeEqual(candidate, expected)) return { ok: true, timestamp: parsed.timestamp };
    }
  }
  return { ok: false, reason: 'no matching signature' };
}

function parseHeader(header: string | null | undefined): { timestamp: number; signatures: Buffer[] } | null {
  if (typeof header !== 'string' || header.length > 4096) return null;
  let timestamp: number | null = null;
  const signatures: Buffer[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === 't' && value && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    if (key === 'v1' && value && /^[0-9a-f]{64}$/i.test(value)) signatures.push(Buffer.from(value, 'hex'));
  }
  return timestamp === null || signatures.length === 0 ? null : { timestamp, signatures };
}
