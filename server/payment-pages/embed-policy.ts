import { OriginSchema } from '../../contract/payments';

/**
 * Who may frame one embedded checkout. `any` exists only in sandbox mode without any origin list:
 * clickjacking a page that moves sandbox test money gains nothing, and a developer following the
 * spec (which never mentions allowedOrigins) sees the checkout at once.
 */
export type FramingPolicy = { kind: 'any' } | { kind: 'list'; source: 'session' | 'store'; origins: readonly string[] };

/** A browser origin as the Origin header spells it: http(s), scheme, host and port, nothing else. */
export const isOrigin = (value: unknown): value is string =>
  typeof value === 'string' && OriginSchema.safeParse(value).success;

/** The session's own origins win; else the store's list; with neither, anybody in sandbox and nobody elsewhere. */
export function framingPolicy(
  sessionOrigins: readonly string[],
  storeOrigins: readonly string[],
  sandbox: boolean,
): FramingPolicy {
  if (sessionOrigins.length > 0) return { kind: 'list', source: 'session', origins: sessionOrigins };
  if (storeOrigins.length > 0 || !sandbox) return { kind: 'list', source: 'store', origins: storeOrigins };
  return { kind: 'any' };
}

/**
 * The one framing decision: the embed-check answer and the page's CSP both come from the policy, and
 * `*` in frame-ancestors matches exactly the http(s) origins, so the two cannot disagree.
 */
export function mayFrame(policy: FramingPolicy, origin: string): boolean {
  return policy.kind === 'any' ? isOrigin(origin) : policy.origins.includes(origin);
}

/** The CSP frame-ancestors value for the policy. */
export function frameAncestors(policy: FramingPolicy): string {
  if (policy.kind === 'any') return '*';
  return policy.origins.length > 0 ? policy.origins.join(' ') : "'none'";
}

/**
 * Refusals worth showing the merchant: only where the store's list decided, since approving an
 * origin there is exactly what would let it in. A session that names its own origins meant them.
 */
export const recordsRefusals = (policy: FramingPolicy): boolean => policy.kind === 'list' && policy.source === 'store';

/**
 * The page asking to embed: its Origin header (CORS requests always carry one), else this service's
 * own origin when the browser says the request is same-origin (same-origin GETs carry no Origin).
 */
export function requesterOrigin(
  originHeader: string | undefined,
  fetchSite: string | undefined,
  selfOrigin: string,
): string | null {
  if (originHeader !== undefined) return isOrigin(originHeader) ? originHeader : null;
  return fetchSite === 'same-origin' && isOrigin(selfOrigin) ? selfOrigin : null;
}

/**
 * Who is framing an /embed request: the widget names its page in `parent`; a hand-written iframe
 * is known by the Referer the browser sends with an iframe navigation.
 */
export function framerOrigin(
  parent: unknown,
  fetchDest: string | undefined,
  referer: string | undefined,
): string | null {
  if (parent !== undefined && parent !== '') return isOrigin(parent) ? parent : null;
  if (fetchDest !== 'iframe' || !referer || !URL.canParse(referer)) return null;
  const origin = new URL(referer).origin;
  return isOrigin(origin) ? origin : null;
}
