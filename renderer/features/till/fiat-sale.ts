import { CheckoutViewSchema } from '../../../contract/checkout';
import { fiatDigits, formatFiat, isFiatCode } from '../../../contract/fiat';
import { ConsoleSessionSchema } from '../../../contract/console';
import { ErrorBodySchema } from '../../../contract/errors';
import { apiUrl, get } from '../../api/client';

/** The store's currency (an asset, or an ISO 4217 code the till then types prices in). */
export async function loadStoreCurrency(): Promise<string> {
  // the session, not the pricing settings: a cashier's till may read it
  return (await get(ConsoleSessionSchema, '/session')).storeCurrency;
}

/** The store's currency when it is an ISO 4217 code; null for an asset (the till sells in the asset chosen). */
export const fiatOrNull = (currency: string): string | null => (isFiatCode(currency) ? currency : null);

/** A key on the keypad for a price in `code`: no more decimals than the currency has (none for JPY). */
export function nextFiatEntry(entry: string, key: string, code: string): string {
  if (key === 'Clear') return '';
  if (key === 'Backspace') return entry.slice(0, -1);
  const digits = fiatDigits(code);
  const separator = /[.,]/.exec(entry);
  if (key === ',' || key === '.') return separator || digits === 0 ? entry : `${entry || '0'}${key}`;
  if (!/^\d$/.test(key)) return entry;
  if (separator && entry.length - separator.index - 1 >= digits) return entry;
  return entry === '0' ? key : entry + key;
}

export type FiatEntry = { ok: true; amount: string; units: bigint } | { ok: false; message: string };

/** "12,5" typed in EUR → "12.50" (1250 cents), the price as the invoice states it; the service checks it again. */
export function parseFiatEntry(text: string, code: string): FiatEntry {
  const digits = fiatDigits(code);
  const match = /^(\d*)[.,]?(\d*)$/.exec(text.trim());
  if (!match || (match[1] === '' && match[2] === '')) return { ok: false, message: 'Enter a price such as 12,50.' };
  const [, whole = '', fraction = ''] = match;
  if (fraction.length > digits) return { ok: false, message: `${code} has ${digits} decimals.` };
  if (whole.length > 12) return { ok: false, message: 'That price is too large.' };
  const minor = BigInt(`${whole || '0'}${fraction.padEnd(digits, '0')}`);
  if (minor === 0n) return { ok: false, message: 'The price must be more than zero.' };
  return { ok: true, amount: formatFiat(minor, code), units: minor };
}

/**
 * The customer's asset for a fiat price, through the checkout's own public endpoint (the same one the
 * hosted page and the widget call): the till's customer screen is one more checkout.
 */
export async function chooseInvoiceAsset(paymentId: string, currency: string): Promise<void> {
  const serviceRoot = apiUrl('').replace(/\/console\/api$/, '');
  const res = await fetch(`${serviceRoot}/pay/${encodeURIComponent(paymentId)}/currency`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ currency }),
  });
  const body: unknown = await res.json();
  if (res.ok && CheckoutViewSchema.safeParse(body).success) return;
  const error = ErrorBodySchema.safeParse(body);
  throw new Error(error.success ? error.data.error.message : `HTTP ${res.status}`);
}
