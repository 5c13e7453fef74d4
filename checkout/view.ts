import type { CheckoutPageConfig, CheckoutView, StoreBrand } from '../contract/checkout';
import type { ErrorBody } from '../contract/errors';
import type { PaymentStatus } from '../contract/payments';

/**
 * The checkout's shapes come from the wire contract as types only: zod would weigh more than the
 * whole page. Bodies are checked here instead, narrowly: enough that a stray answer (a proxy's
 * error page, an old service) is ignored rather than rendered.
 */
export type { CheckoutView, CheckoutPageConfig as PageConfig };

/** Every status, so the check below cannot fall behind the contract (the compiler insists on each key). */
const STATUSES = { pending: true, partially_paid: true, paid: true, expired: true, cancelled: true } satisfies Record<
  PaymentStatus,
  true
>;

const TEXT_FIELDS = [
  'id',
  'amount',
  'paidAmount',
  'dueAmount',
  'assetSymbol',
  'assetName',
  'memo',
  'address',
  'expiresAt',
  'serverTime',
] as const satisfies ReadonlyArray<keyof CheckoutView>;

/** The body as a checkout view, or null when it is not one. */
export function asCheckoutView(body: unknown): CheckoutView | null {
  const v = body as Partial<Record<keyof CheckoutView, unknown>> | null;
  if (
    !v ||
    typeof v !== 'object' ||
    typeof v.status !== 'string' ||
    !Object.prototype.hasOwnProperty.call(STATUSES, v.status)
  )
    return null;
  if (TEXT_FIELDS.some((key) => typeof v[key] !== 'string')) return null;
  const links = v.links as Partial<CheckoutView['links']> | null;
  if (!links || typeof links.ton !== 'string' || typeof links.tonkeeper !== 'string') return null;
  // A service from before fiat prices sends neither: the page shows the asset amount alone, as it did.
  return { ...(body as CheckoutView), price: asPrice(v.price), choices: asChoices(v.choices) };
}

function asPrice(value: unknown): CheckoutView['price'] {
  const p = value as Partial<Record<'amount' | 'currency', unknown>> | null;
  return p && typeof p.amount === 'string' && typeof p.currency === 'string'
    ? { amount: p.amount, currency: p.currency }
    : null;
}

const CHOICE_FIELDS = ['currency', 'amount', 'assetSymbol', 'assetName', 'rate', 'source'] as const;

function asChoices(value: unknown): CheckoutView['choices'] {
  if (!Array.isArray(value)) return [];
  return value.filter((c: Record<string, unknown> | null) => c && CHOICE_FIELDS.every((k) => typeof c[k] === 'string'));
}

/** The message of an error body, when the body is one. */
export function errorMessage(body: unknown): string | null {
  const message = (body as Partial<ErrorBody> | null)?.error?.message;
  return typeof message === 'string' ? message : null;
}

/** The page's store attribute as a brand; anything else shows no store rather than a broken one. */
export function asStoreBrand(value: unknown): StoreBrand {
  const v = value as Partial<Record<keyof StoreBrand, unknown>> | null;
  const text = (x: unknown) => (typeof x === 'string' && x ? x : null);
  return { name: text(v?.name), contact: text(v?.contact), logoUrl: text(v?.logoUrl) };
}
