import { Buffer } from 'node:buffer';
import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * How a merchant checks a TonTill webhook. Self-contained (node:crypto only) so it can be copied
 * into a receiver as is; README.md shows the same recipe.
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
  for (const secret of typeof secrets === 'string' ? [secrets] : secrets) {
    const expected = Buffer.from(createHmac('sha256', secret).update(`${parsed.t}.`).update(rawBody).digest('hex'));
    for (const candidate of parsed.signatures) {
      const given = Buffer.from(candidate);
      if (given.length === expected.length && timingSafeEqual(given, expected))
        return { ok: true, timestamp: parsed.timestamp };
    }
  }
  return { ok: false, reason: 'no matching signature' };
}

/** The first `t` (digits, signed as written) and every `v1` (lowercase hex, compared as text). */
function parseHeader(header: string | null | undefined): { t: string; timestamp: number; signatures: string[] } | null {
  if (typeof header !== 'string') return null;
  const fields = header.split(',').map((field) => field.trim().split('=', 2));
  const t = fields.find(([key]) => key === 't')?.[1] ?? '';
  const signatures = fields.filter(([key]) => key === 'v1').map(([, value]) => value ?? '');
  if (!/^\d+$/.test(t) || signatures.length === 0) return null;
  return { t, timestamp: Number(t), signatures };
}
