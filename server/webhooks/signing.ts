import { createHmac, randomBytes } from 'node:crypto';

export const SIGNATURE_HEADER = 'TonTill-Signature';
export const EVENT_ID_HEADER = 'TonTill-Event-Id';
export const DELIVERY_ID_HEADER = 'TonTill-Delivery-Id';

/** A fresh endpoint secret. The whole string (prefix included) is the HMAC key. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** hex HMAC-SHA256(secret, `${t}.${body}`) */
export function computeSignature(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');
}

/** `t=<unix seconds>,v1=<hex>[,v1=<hex>]`: one v1 per live secret, the newest first. */
export function signatureHeader(secrets: readonly string[], timestamp: number, body: string): string {
  return [`t=${timestamp}`, ...secrets.map((s) => `v1=${computeSignature(s, timestamp, body)}`)].join(',');
}

/** The secrets that sign right now: the current one, plus the previous one during its grace period. */
export function liveSecrets(
  current: string,
  previous: string | null,
  previousExpiresAt: number | null,
  now: number,
): string[] {
  return previous && previousExpiresAt !== null && previousExpiresAt > now ? [current, previous] : [current];
}
