import { formatAmount } from '../../contract/amount';
import { ASSETS, type AssetCode } from '../../contract/asset';
import { assetToSend } from './checkout-view';
import type { StoreBrand } from '../../contract/checkout';
import type { PublicPayment } from '../../contract/payments';
import type { ReceiptPaper } from '../../contract/receipts';
import type { PublicRefund } from '../../contract/refunds';
import { escapeHtml } from '../../contract/shared-helpers';
import { fiatPriceRows, refundFiatNote, shortfallRows } from './receipt-fiat';
import { qrSvgMarkup } from './receipt-qr';
import { RECEIPT_STYLES, receiptCsp } from './receipt-style';

export interface ReceiptData {
  payment: PublicPayment;
  refunds: readonly PublicRefund[];
  store: StoreBrand;
  /** the receipt's own absolute URL under the public URL: its QR code */
  url: string;
  /** a transaction's explorer page, or null where there is none (the sandbox's chain lives on this machine) */
  explorerUrl(txHash: string): string | null;
  /** the store's time zone (Settings → Time zone), an IANA name: every time on the receipt is in it */
  timeZone: string;
  /** the part of the amount that was a tip at the till, in base units of the payment's asset (0n: none) */
  tip: bigint;
}

export interface RenderedPage {
  html: string;
  csp: string;
}

const isNonZero = (amount: string): boolean => /[1-9]/.test(amount);

/** Refunds the customer may be told about: sent, or waiting for the store's wallet to sign. */
const shownRefunds = (refunds: readonly PublicRefund[]) =>
  refunds.filter((r) => r.status === 'sent' || r.status === 'awaiting_signature');

/**
 * A receipt is owed once the payment is complete, or once part of what was paid goes back (a partial
 * payment that expired and is refunded); before that there is nothing to confirm.
 */
export const hasReceipt = (payment: PublicPayment, refunds: readonly PublicRefund[]): boolean =>
  payment.status === 'paid' || (isNonZero(payment.paidAmount) && shownRefunds(refunds).length > 0);

/** "2026-11-27 09:42 Europe/Berlin": the store's wall clock, 24-hour, naming the zone so it is never ambiguous. */
export function receiptTime(iso: string | null, timeZone: string): string {
  if (!iso) return '—';
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')} ${timeZone}`;
}

/** An amount next to its asset's symbol: "12.50 USDT", "1.5 TON". */
const money = (amount: string, asset: AssetCode): string => `${escapeHtml(amount)} ${escapeHtml(ASSETS[asset].symbol)}`;

/** A transaction hash, linked to its explorer page when there is one; it wraps anywhere on narrow paper. */
function txLine(hash: string, url: string | null): string {
  const text = `<span class="mono">${escapeHtml(hash)}</span>`;
  return url
    ? `<a href="${escapeHtml(url)}" rel="noopener noreferrer">${text}</a>`
    : `${text} <span class="muted">(sandbox)</span>`;
}

/**
 * The till's cart travels as the description "2 × Espresso, 1 × Croissant" (renderer's till slice):
 * shown as item lines when it is one, as plain text otherwise.
 */
export function cartItems(description: string): Array<{ quantity: string; name: string }> | null {
  const lines = description.split(/, (?=\d+ \u00d7 )/).map((part) => /^(\d+) \u00d7 (.+)$/s.exec(part));
  if (!lines.every((m) => m !== null)) return null;
  return lines.map((m) => ({ quantity: m![1]!, name: m![2]! }));
}

function itemsBlock(description: string | null): string {
  if (!description) return '';
  const items = cartItems(description);
  if (!items) return `<h3>Description</h3><p>${escapeHtml(description)}</p>`;
  const lines = items
    .map((i) => `<li><span>${escapeHtml(i.quantity)} ×</span><span>${escapeHtml(i.name)}</span></li>`)
    .join('');
  return `<h3>Items</h3><ul class="items">${lines}</ul>`;
}

function header(store: StoreBrand): string {
  // The logo's URL is relative to the service's root; the receipt lives two levels down (/pay/:id/receipt).
  const logo = store.logoUrl ? `<img class="logo" src="../../${escapeHtml(store.logoUrl)}" alt="">` : '';
  const name = store.name ? `<h1>${escapeHtml(store.name)}</h1>` : '';
  const contact = store.contact ? `<p class="contact">${escapeHtml(store.contact)}</p>` : '';
  return `<header>${logo}${name}${contact}</header>`;
}

/** A tipped sale reads Subtotal, Tip, Total; any other payment its amount. */
function askedRows(p: PublicPayment, tip: bigint): Array<[string, string]> {
  if (tip <= 0n) return [['Amount', money(p.amount, p.currency)]];
  const subtotal = formatAmount(BigInt(p.amountBaseUnits) - tip, p.currency);
  return [
    ['Subtotal', money(subtotal, p.currency)],
    ['Tip', money(formatAmount(tip, p.currency), p.currency)],
    ['Total', money(p.amount, p.currency)],
  ];
}

function amounts(p: PublicPayment, tip: bigint, timeZone: string): string {
  // a fiat price first: what the customer was charged, then the asset amount it came to
  const rows = [...fiatPriceRows(p, timeZone), ...askedRows(p, tip)];
  if (p.paidAmount !== p.amount) rows.push(['Received', money(p.paidAmount, p.currency)]);
  rows.push(...shortfallRows(p));
  if (isNonZero(p.refundedAmount)) rows.push(['Refunded', `−${money(p.refundedAmount, p.currency)}`]);
  const body = rows.map(([k, v]) => `<dt>${k}</dt><dd>${v}</dd>`).join('');
  return `<dl class="total">${body}</dl>`;
}

function transfersBlock(p: PublicPayment, { explorerUrl, timeZone }: ReceiptData): string {
  if (p.transfers.length === 0) return '';
  const lines = p.transfers.map((t) => {
    const url = t.explorerUrl.startsWith('https://') ? t.explorerUrl : explorerUrl(t.txHash);
    return `<p class="line">${money(t.amount, p.currency)} · ${escapeHtml(receiptTime(t.creditedAt, timeZone))}<br>${txLine(t.txHash, url)}</p>`;
  });
  return `<h3>${p.transfers.length === 1 ? 'Transaction' : 'Transactions'}</h3>${lines.join('')}`;
}

function refundsBlock({ payment: p, refunds, explorerUrl, timeZone }: ReceiptData): string {
  const shown = shownRefunds(refunds);
  if (shown.length === 0) return '';
  const lines = shown.map((r) =>
    r.status === 'sent' && r.txHash
      ? `<p class="line" data-refund="sent">${money(r.amount, p.currency)}${refundFiatNote(r, p.currency)} · ${escapeHtml(receiptTime(r.updatedAt, timeZone))}<br>${txLine(r.txHash, explorerUrl(r.txHash))}</p>`
      : `<p class="line" data-refund="pending">Refund of ${money(r.amount, p.currency)}${refundFiatNote(r, p.currency)} pending: the store has not sent it yet.</p>`,
  );
  return `<h3>Refunds</h3>${lines.join('')}`;
}

function facts(p: PublicPayment, timeZone: string): string {
  const rows: Array<[string, string]> = [];
  if (p.externalId) rows.push(['Order', escapeHtml(p.externalId)]);
  rows.push(
    ['Paid at', escapeHtml(receiptTime(p.paidAt ?? p.transfers.at(-1)?.creditedAt ?? null, timeZone))],
    ['Payment', `<span class="mono">${escapeHtml(p.id)}</span>`],
  );
  return `<dl>${rows.map(([k, v]) => `<dt>${k}</dt><dd>${v}</dd>`).join('')}</dl>`;
}

function page(title: string, paper: ReceiptPaper, body: string): RenderedPage {
  const style = RECEIPT_STYLES[paper];
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex,nofollow"><link rel="icon" href="data:,">` +
    `<title>${escapeHtml(title)}</title><style>${style.css}</style></head><body class="paper-${paper}">${body}</body></html>`;
  return { html, csp: receiptCsp(style) };
}

/** The receipt: server-rendered, no script, laid out for `paper` on screen and in print. */
export function renderReceipt(data: ReceiptData, paper: ReceiptPaper): RenderedPage {
  const { payment: p, store } = data;
  const body =
    `<main class="receipt">${header(store)}<h2>Receipt</h2>${facts(p, data.timeZone)}${itemsBlock(p.description)}${amounts(p, data.tip, data.timeZone)}` +
    `${transfersBlock(p, data)}${refundsBlock(data)}` +
    `${qrSvgMarkup(data.url, 'QR code of this receipt’s address')}<p class="url muted">Scan to open this receipt:<br>${escapeHtml(data.url)}</p>` +
    `<footer>Paid in ${escapeHtml(assetToSend(p.currency))} on the TON network</footer></main>`;
  return page(`Receipt${store.name ? ` · ${store.name}` : ''}`, paper, body);
}

export type NoReceipt = 'not_found' | 'not_paid';

const NO_RECEIPT: Record<NoReceipt, [string, string]> = {
  not_found: ['Receipt not found', 'Check the link, or ask the shop for a new one.'],
  not_paid: ['No receipt yet', 'The receipt appears here once the payment is complete.'],
};

/** What a customer sees instead of a receipt; an unpaid payment links back to its checkout (relative: /pay/:id/receipt -> /pay/:id). */
export function renderNoReceipt(kind: NoReceipt, paper: ReceiptPaper, paymentId: string | null): RenderedPage {
  const [title, text] = NO_RECEIPT[kind];
  const back = paymentId
    ? `<p><a href="../${escapeHtml(encodeURIComponent(paymentId))}">Open the payment page</a></p>`
    : '';
  return page(
    title,
    paper,
    `<main class="receipt" data-error="${kind}"><h2>${escapeHtml(title)}</h2><p>${escapeHtml(text)}</p>${back}</main>`,
  );
}
