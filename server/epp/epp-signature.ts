import { createHmac, timingSafeEqual } from 'node:crypto';
import { ASSETS } from '../../contract/asset';
import type { Payment } from '../storage/records';
import { randomToken } from '../util/ids';

/** What one EPP signature authorises: one payment, until `exp`, framed by these origins only. */
export interface EppClaims {
  paymentId: string;
  /**
   * The service's public base URL (publicUrl, which may carry a path prefix). Read by the widget, so
   * an integrator needs no option to tell it where the checkout lives; the MAC keeps it honest.
   */
  serviceUrl: string;
  /** unix seconds */
  expiresAt: number;
  allowedOrigins: string[];
  /** minted by a service on the sandbox chain; such a signature verifies only on the sandbox, and the reverse */
  sandbox: boolean;
  /**
   * The symbol of the asset the payment is in ("TON"), for the widget's pay button, which shows
   * before anything is asked of the service; absent, the button says USDT, as before Toncoin.
   */
  assetSymbol?: string;
}

export type VerifyResult =
  { ok: true; claims: EppClaims } | { ok: false; reason: 'malformed' | 'bad_signature' | 'wrong_chain' | 'expired' };

const VERSION = 'v1';

interface WirePayload {
  pid: string;
  svc: string;
  exp: number;
  org: string[];
  sbx: 0 | 1;
  sym?: string;
  // A nonce makes every signature fresh, even for the same payment and second.
  n: string;
}

function mac(secret: Buffer, data: string): Buffer {
  return createHmac('sha256', secret).update(data).digest();
}

export function signEpp(claims: EppClaims, secret: Buffer): string {
  const payload: WirePayload = {
    pid: claims.paymentId,
    svc: claims.serviceUrl,
    exp: claims.expiresAt,
    org: claims.allowedOrigins,
    sbx: claims.sandbox ? 1 : 0,
    ...(claims.assetSymbol ? { sym: claims.assetSymbol } : {}),
    n: randomToken(9),
  };
  const body = `${VERSION}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  return `${body}.${mac(secret, body).toString('base64url')}`;
}

/**
 * Decoders forgive a lot (padding, '+' and '/', stray characters, the spare low bits of the last
 * character), so many strings decode to the same bytes. Only the one encoding we emit is accepted:
 * a token then has exactly one spelling, and a MAC can never be "the same" under another.
 */
function decodeCanonical(text: string): Buffer | null {
  if (!/^[\w-]*$/.test(text)) return null;
  const bytes = Buffer.from(text, 'base64url');
  return bytes.toString('base64url') === text ? bytes : null;
}

function decodePayload(encoded: string): WirePayload | null {
  const bytes = decodeCanonical(encoded);
  if (!bytes) return null;
  try {
    const value = JSON.parse(bytes.toString('utf8')) as Partial<WirePayload>;
    const valid =
      typeof value.pid === 'string' &&
      typeof value.svc === 'string' &&
      typeof value.exp === 'number' &&
      Array.isArray(value.org) &&
      value.org.every((o) => typeof o === 'string') &&
      (value.sbx === 0 || value.sbx === 1);
    return valid ? (value as WirePayload) : null;
  } catch {
    return null;
  }
}

/**
 * Checks the MAC in constant time before trusting a single byte of the payload. `sandbox` says
 * whether this service runs on the sandbox chain: a signature is valid only on the kind of chain it
 * was minted on, so a sandbox token never opens a testnet or mainnet checkout that shares the secret.
 */
export function verifyEpp(token: string, secret: Buffer, nowSeconds: number, sandbox: boolean): VerifyResult {
  if (token.length > 4096) return { ok: false, reason: 'malformed' };
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== VERSION) return { ok: false, reason: 'malformed' };
  const [version, encoded, presented] = parts as [string, string, string];
  const expected = mac(secret, `${version}.${encoded}`);
  const given = decodeCanonical(presented);
  if (!given || given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: 'bad_signature' };
  const payload = decodePayload(encoded);
  if (!payload) return { ok: false, reason: 'malformed' };
  if ((payload.sbx === 1) !== sandbox) return { ok: false, reason: 'wrong_chain' };
  if (payload.exp <= nowSeconds) return { ok: false, reason: 'expired' };
  return {
    ok: true,
    claims: {
      paymentId: payload.pid,
      serviceUrl: payload.svc,
      expiresAt: payload.exp,
      allowedOrigins: payload.org,
      sandbox: payload.sbx === 1,
    },
  };
}

/**
 * What the shop's pay button names (the signature's `sym`): the payment's asset, or for a fiat price
 * every asset it is quoted in, since the customer chooses ("Pay with USDT or TON").
 */
export function payButtonSymbol(payment: Pick<Payment, 'currency' | 'pricing'>): string {
  return payment.pricing
    ? payment.pricing.quotes.map((q) => ASSETS[q.asset].symbol).join(' or ')
    : ASSETS[payment.currency].symbol;
}
