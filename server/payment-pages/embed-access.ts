import { verifyEpp, type VerifyResult } from '../epp/epp-signature';
import type { Payment } from '../storage/records';
import type { Services } from '../services';
import { framerOrigin, framingPolicy, isOrigin, mayFrame, recordsRefusals, type FramingPolicy } from './embed-policy';
import type { PageError } from './page-html';
import { recordRefusal } from './refused-origins';

/** Settings key: origins allowed to frame every embedded checkout of this store (array of origins). */
export const STORE_ALLOWED_ORIGINS_KEY = 'allowedOrigins';

export type EmbedAccess =
  | { ok: true; payment: Payment; policy: FramingPolicy; parentOrigin: string | null }
  | { ok: false; status: number; error: PageError; policy: FramingPolicy };

/** The origins in a list, anything else dropped. */
export const validOrigins = (list: unknown): string[] => (Array.isArray(list) ? list.filter(isOrigin) : []);

export async function storeAllowedOrigins(services: Services): Promise<string[]> {
  return validOrigins(await services.settings.get<unknown>(STORE_ALLOWED_ORIGINS_KEY));
}

/** The framing policy for a session that names these origins, under this store's settings and chain mode. */
export async function policyFor(services: Services, sessionOrigins: unknown): Promise<FramingPolicy> {
  return framingPolicy(
    validOrigins(sessionOrigins),
    await storeAllowedOrigins(services),
    services.config.chain.mode === 'sandbox',
  );
}

export function verifySignature(services: Services, signature: string): VerifyResult {
  return verifyEpp(
    signature,
    services.eppSecret,
    Math.floor(services.clock.now() / 1000),
    services.config.chain.mode === 'sandbox',
  );
}

/** Notes an origin the store's list refused, for the console to offer; never during a staged restore. */
export async function noteRefusal(services: Services, policy: FramingPolicy, origin: string | null): Promise<void> {
  if (!origin || !recordsRefusals(policy) || mayFrame(policy, origin) || services.restore.pending) return;
  await recordRefusal(services.settings, origin, services.clock.now());
}

/**
 * Who may frame the error page of a request whose signature is missing or failed verification: the
 * store's own list, else nobody. Nothing comes from the signature, whose claims are anyone's to
 * write, and never "anyone", even in sandbox: only a verified session earns that.
 */
export const refusalFramingPolicy = (storeOrigins: readonly string[]): FramingPolicy => ({
  kind: 'list',
  source: 'store',
  origins: storeOrigins,
});

export interface EmbedRequest {
  query: Record<string, unknown>;
  fetchDest: string | undefined;
  referer: string | undefined;
}

/** Decides whether and by whom an EPP may be shown, and which parent origin it may talk to. */
export async function resolveEmbed(services: Services, request: EmbedRequest): Promise<EmbedAccess> {
  const { signature, parent } = request.query;
  const refusal = async () => refusalFramingPolicy(await storeAllowedOrigins(services));
  if (typeof signature !== 'string' || signature.length === 0)
    return { ok: false, status: 400, error: 'bad_link', policy: await refusal() };
  const verified = verifySignature(services, signature);
  if (!verified.ok) {
    const policy = await refusal();
    if (verified.reason === 'malformed') return { ok: false, status: 400, error: 'bad_link', policy };
    const expired = verified.reason === 'expired';
    return { ok: false, status: expired ? 410 : 403, error: expired ? 'expired' : 'bad_signature', policy };
  }
  const policy = await policyFor(services, verified.claims.allowedOrigins);
  const payment = await services.payments.find(verified.claims.paymentId);
  if (!payment) return { ok: false, status: 404, error: 'not_found', policy };
  const framer = framerOrigin(parent, request.fetchDest, request.referer);
  await noteRefusal(services, policy, framer);
  if (parent === undefined || parent === '') {
    const only = policy.kind === 'list' && policy.origins.length === 1 ? policy.origins[0]! : null;
    return { ok: true, payment, policy, parentOrigin: only };
  }
  if (typeof parent !== 'string' || !mayFrame(policy, parent))
    return { ok: false, status: 403, error: 'origin', policy };
  return { ok: true, payment, policy, parentOrigin: parent };
}
