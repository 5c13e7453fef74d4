import type { ErrorBody } from '../../contract/errors';
import type { EmbedCheck } from '../../contract/widget';
import { PREFIX } from './events';

export interface Service {
  /** base URL ending in '/', e.g. https://pay.example/ or https://shop.example/pay/ */
  base: string;
  origin: string;
}

/** What the embed check means for this page; null when it went unanswered. */
export type EmbedVerdict = { ok: true; anyOrigin: boolean } | { ok: false; code: string; message: string } | null;

/** A text field of the signature's payload (base64url JSON). The MAC is the service's business. */
function payloadText(signature: string, field: 'svc' | 'sym'): string | undefined {
  try {
    const bytes = Uint8Array.from(atob(signature.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/')), (c) =>
      c.charCodeAt(0),
    );
    const value = (JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>)[field];
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The symbol of the asset the signed payment is in, for the pay button; USDT when the signature names none (older services). */
export const assetSymbolOf = (signature: string): string => payloadText(signature, 'sym') ?? 'USDT';

/** The serviceUrl option, else the service the signature names, else the folder above the script's /widgets/. */
export function serviceFor(signature: string, serviceUrl: string | undefined, scriptSrc: string): Service | null {
  const url = serviceUrl ?? payloadText(signature, 'svc');
  try {
    const base = url ? new URL(url.endsWith('/') ? url : `${url}/`, location.href) : new URL('..', scriptSrc);
    return base.protocol === 'https:' || base.protocol === 'http:' ? { base: base.href, origin: base.origin } : null;
  } catch {
    return null;
  }
}

/**
 * Asks the service whether this page may frame the checkout, so a refusal is an event within a
 * moment instead of a frame the browser silently blocks. `null` means the question went unanswered
 * (network, CSP connect-src, an older service): then the frame decides, as it always did.
 */
export async function checkEmbed(service: Service, signature: string): Promise<EmbedVerdict> {
  try {
    const url = new URL('widgets/embed-check', service.base);
    url.searchParams.set('signature', signature);
    const res = await fetch(url.href, { mode: 'cors', credentials: 'omit', cache: 'no-store' });
    // Read field by field: an older service, or a proxy in between, may answer something else.
    const body = (await res.json()) as Partial<Record<keyof EmbedCheck, unknown>> & {
      error?: Partial<Record<keyof ErrorBody['error'], unknown>>;
    };
    if (res.ok) return body.allowed === true ? { ok: true, anyOrigin: body.anyOrigin === true } : null;
    // 408 and 429 say nothing about this page; they must not stand between a customer and the payment.
    const verdict = res.status < 500 && res.status !== 408 && res.status !== 429 && body.error;
    return verdict && typeof verdict.code === 'string'
      ? { ok: false, code: verdict.code, message: String(verdict.message ?? verdict.code) }
      : null;
  } catch (err) {
    console.warn(PREFIX, 'could not ask the service whether this page may embed the checkout; framing it anyway', err);
    return null;
  }
}
