import type { CheckoutPageConfig, CheckoutView } from '../../contract/checkout';
import { escapeHtml } from '../../contract/shared-helpers';
import { BUNDLED_BRIDGE_ORIGINS } from '../wallet-connect/wallets-list';
import { frameAncestors, type FramingPolicy } from './embed-policy';
import type { WebAssets } from './web-assets';

/**
 * Scripts and styles from our own origin only, no inline code; framing decided per page. Besides the
 * service, the page connects only to the HTTP bridges of the wallets it offers ("Pay with wallet":
 * the wallet list is served by the service, wallet icons are not shown, so img-src gains nothing).
 */
export function pageCsp(framing: FramingPolicy): string {
  return (
    `default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; ` +
    `connect-src ${["'self'", ...BUNDLED_BRIDGE_ORIGINS].join(' ')}; ` +
    `base-uri 'none'; form-action 'none'; frame-ancestors ${frameAncestors(framing)}`
  );
}

const BRAND_MARK =
  `<svg viewBox="0 0 24 24" aria-hidden="true"><path fill="currentColor" ` +
  `d="M12 2 3 9l9 13 9-13-9-7Zm0 3.3L17.6 9H6.4L12 5.3Zm-1 5.7v7.2L6 11h5Zm2 0h5l-5 7.2V11Z"/></svg>`;
/** The top bar's mark and the asset paid in, on its network: "USDT · TON", "TON · TON" would stutter, so the native coin says its network once. */
const brand = (v: CheckoutView): string =>
  `<span class="brand">${BRAND_MARK}${escapeHtml(v.assetSymbol === v.network ? v.network : `${v.assetSymbol} · ${v.network}`)}</span>`;

interface Shell {
  lang: string;
  title: string;
  assets: WebAssets | null;
  embedded: boolean;
  withScript: boolean;
  body: string;
}

/**
 * An asset's URL relative to the page, so a path prefix in front of the service (publicUrl
 * `https://shop.example/pay`, a proxy stripping `/pay`) is kept. Pages live at /pay/:id (HPP) and /embed (EPP).
 */
const fromPage = (assetUrl: string, embedded: boolean): string => `${embedded ? '.' : '..'}${assetUrl}`;

function shell(s: Shell): string {
  const css = s.assets ? `<link rel="stylesheet" href="${fromPage(s.assets.urls.checkoutCss, s.embedded)}">` : '';
  const js =
    s.assets && s.withScript ? `<script src="${fromPage(s.assets.urls.checkoutJs, s.embedded)}" defer></script>` : '';
  return (
    `<!doctype html><html lang="${s.lang}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex,nofollow"><link rel="icon" href="data:,">` +
    `<title>${escapeHtml(s.title)}</title>${css}${js}</head><body${s.embedded ? ' class="embedded"' : ''}>` +
    `<main><div class="card">${s.body}</div></main></body></html>`
  );
}

/** The page's setup (its data attributes, read by checkout/main.ts) and the view it opens with. */
export interface CheckoutPage extends CheckoutPageConfig {
  view: CheckoutView;
}

/** The tab's title before the script runs: a fiat price says what it costs, as the page's heading will. */
const pageTitle = (v: CheckoutView): string =>
  v.price ? `Pay ${v.price.amount} ${v.price.currency}` : `Pay with ${v.assetName} on TON`;

/** The page carries its initial state in data attributes (no inline script); checkout.js renders it. */
export function renderCheckoutPage(page: CheckoutPage, assets: WebAssets): string {
  const data: Record<string, string | null> = {
    mode: page.mode,
    parent: page.parentOrigin,
    'any-origin': page.anyOrigin ? '1' : null,
    sandbox: page.sandbox ? '1' : null,
    'success-url': page.successUrl,
    'fail-url': page.failUrl,
    store: JSON.stringify(page.store),
    'time-zone': page.timeZone ?? null,
    view: JSON.stringify(page.view),
  };
  const attrs = Object.entries(data)
    .filter(([, v]) => v !== null)
    .map(([k, v]) => ` data-${k}="${escapeHtml(v as string)}"`)
    .join('');
  const v = page.view;
  const fallback =
    `<noscript><p>Send <strong>${escapeHtml(v.dueAmount)} ${escapeHtml(v.assetSymbol)}</strong> (${escapeHtml(v.assetName)}, TON network) to <code>${escapeHtml(v.address)}</code> ` +
    `with the comment <code>${escapeHtml(v.memo)}</code>. The comment is required. Status: ${escapeHtml(v.status)}.</p></noscript>`;
  return shell({
    lang: 'en',
    title: pageTitle(v),
    assets,
    embedded: page.mode === 'epp',
    withScript: true,
    body: `<div class="top">${brand(v)}</div><div id="app"${attrs}>${fallback}</div>`,
  });
}

export type PageError = 'not_found' | 'bad_link' | 'bad_signature' | 'expired' | 'origin' | 'unavailable';

const ERRORS: Record<'en' | 'ru', Record<PageError, [string, string]>> = {
  en: {
    not_found: ['Payment not found', 'Check the link, or start a new payment from the shop.'],
    bad_link: ['This payment link is incomplete', 'Start the payment again from the shop.'],
    bad_signature: [
      'This payment link is not valid',
      'The checkout could not verify it. Start the payment again from the shop.',
    ],
    expired: ['This payment session has expired', 'Start a new payment from the shop. Do not send funds for this one.'],
    origin: ['This checkout cannot be shown here', 'This website is not allowed to show this payment.'],
    unavailable: ['The checkout is not available right now', 'Please try again later.'],
  },
  ru: {
    not_found: ['Платёж не найден', 'Проверьте ссылку или начните новый платёж в магазине.'],
    bad_link: ['Ссылка на оплату неполная', 'Начните платёж заново в магазине.'],
    bad_signature: ['Ссылка на оплату недействительна', 'Проверить её не удалось. Начните платёж заново в магазине.'],
    expired: [
      'Срок платёжной сессии истёк',
      'Начните новый платёж в магазине. Не отправляйте средства по этой ссылке.',
    ],
    origin: ['Оплату нельзя показать на этом сайте', 'Этому сайту не разрешено показывать этот платёж.'],
    unavailable: ['Страница оплаты сейчас недоступна', 'Попробуйте позже.'],
  },
};

/** en or ru from Accept-Language, first match wins. */
export function languageOf(acceptLanguage: string | undefined): 'en' | 'ru' {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.trim().split(';')[0]?.toLowerCase().split('-')[0];
    if (tag === 'ru' || tag === 'en') return tag;
  }
  return 'en';
}

/** A readable error instead of a blank frame; no script, so nothing to exploit even when framable. */
export function renderErrorPage(
  error: PageError,
  lang: 'en' | 'ru',
  assets: WebAssets | null,
  embedded: boolean,
  detail?: string,
): string {
  const [title, text] = ERRORS[lang][error];
  const extra = detail ? `<p class="hint">${escapeHtml(detail)}</p>` : '';
  return shell({
    lang,
    title,
    assets,
    embedded,
    withScript: false,
    body:
      `<div class="top"><span class="brand">${BRAND_MARK}TON</span></div><section class="screen end error" data-error="${error}">` +
      `<div class="icon" aria-hidden="true">!</div><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>${extra}</section>`,
  });
}
