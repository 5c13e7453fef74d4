import { verifyEpp } from '../epp/epp-signature';
import { OriginSchema } from '../payments/payment-schemas';
import type { Payment } from '../payments/payment-types';
import type { Services } from '../services';
import type { PageError } from './page-html';

/** Settings key: origins allowed to frame every embedded checkout of this store (array of origins). */
export const STORE_ALLOWED_ORIGINS_KEY = 'allowedOrigins';

export type EmbedAccess =
  | { ok: true; payment: Payment; ancestors: string[]; parentOrigin: string | null }
  | { ok: false; status: number; error: PageError; ancestors: string[] };

const validOrigins = (list: unknown): string[] =>
  Array.isArray(list) ? list.filter((o): o is string => typeof o === 'string' && OriginSchema.safeParse(o).success) : [];

const union = (...lists: string[][]): string[] => [...new Set(lists.flat())];

export function storeAllowedOrigins(services: Services): string[] {
  return validOrigins(services.settings.get<unknown>(STORE_ALLOWED_ORIGINS_KEY));
}

/**
 * Origins a signature claims, read without trusting it. Only used to frame an error page, which has
 * no script and no action, so a forged claim gains nothing but lets the real merchant show the error.
 */
export function claimedOrigins(token: string): string[] {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { org?: unknown };
    return validOrigins(payload.org).slice(0, 10);
  } catch {
    return [];
  }
}

/** Decides whether and by whom an EPP may be shown, and which parent origin it may talk to. */
export function resolveEmbed(services: Services, query: Record<string, unknown>): EmbedAccess {
  const store = storeAllowedOrigins(services);
  const signature = query.signature;
  if (typeof signature !== 'string' || signature.length === 0) return { ok: false, status: 400, error: 'bad_link', ancestors: store };
  const verified = verifyEpp(signature, services.eppSecret, Math.floor(services.clock.now() / 1000), services.config.chain.mode === 'sandbox');
  if (!verified.ok) {
    if (verified.reason === 'malformed') return { ok: false, status: 400, error: 'bad_link', ancestors: union(claimedOrigins(signature), store) };
    const expired = verified.reason === 'expired';
    return { ok: false, status: expired ? 410 : 403, error: expired ? 'expired' : 'bad_signature', ancestors: union(claimedOrigins(signature), store) };
  }
  const ancestors = union(validOrigins(verified.claims.allowedOrigins), store);
  const payment = services.payments.payments.findById(verified.claims.paymentId);
  if (!payment) return { ok: false, status: 404, error: 'not_found', ancestors };
  const parent = query.parent;
  if (parent === undefined || parent === '') return { ok: true, payment, ancestors, parentOrigin: ancestors.length === 1 ? ancestors[0]! : null };
  if (typeof parent !== 'string' || !ancestors.includes(parent)) return { ok: false, status: 403, error: 'origin', ancestors };
  return { ok: true, payment, ancestors, parentOrigin: parent };
}
