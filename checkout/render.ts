import { formatAmountForLocale } from '../contract/amount';
import { h } from './dom';
import { fill, type Lang, type Strings } from './i18n';
import { headingOf, priceBlock } from './price-view';
import { qrSvg } from './qr';
import { servicePath } from './service-root';
import type { CheckoutView, PageConfig } from './view';

export interface Ui {
  t: Strings;
  lang: Lang;
  config: PageConfig;
  announce(text: string): void;
  sandboxPay(button: HTMLButtonElement): void;
  /** the customer's choice of asset for a fiat price (POST /pay/:id/currency) */
  chooseAsset(currency: string, button: HTMLButtonElement): void;
  /** "Pay with wallet" (TON Connect), one element that keeps its progress across re-renders */
  walletBlock(v: CheckoutView): HTMLElement;
}

async function writeClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Older browsers, or a frame without clipboard-write: the legacy path still works on a click.
    const area = h('textarea', { class: 'offscreen', readonly: true, 'aria-hidden': 'true' });
    area.value = text;
    document.body.append(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  }
}

function copyButton(ui: Ui, text: string, what: string): HTMLButtonElement {
  const button = h('button', { type: 'button', class: 'copy', 'aria-label': fill(ui.t.copyOf, { what }) }, ui.t.copy);
  button.addEventListener('click', () => {
    void writeClipboard(text).then((ok) => {
      button.textContent = ok ? ui.t.copied : ui.t.copy;
      ui.announce(ok ? `${what}: ${ui.t.copied}` : ui.t.copyFailed);
      setTimeout(() => {
        button.textContent = ui.t.copy;
      }, 2000);
    });
  });
  return button;
}

function field(ui: Ui, label: string, value: string, cls: string, note?: HTMLElement): HTMLElement {
  return h(
    'div',
    { class: `field ${cls}` },
    h('dt', {}, label),
    h('dd', {}, h('code', { class: 'value', 'data-field': cls }, value), copyButton(ui, value, label)),
    note,
  );
}

/** An amount as the page's language writes it ("8,50" in German); the copy button keeps "8.50". */
export const money = (ui: Ui, amount: string): string => formatAmountForLocale(amount, ui.lang);

/** What a part payment left to pay, said on the page and to a screen reader alike. */
export const partialText = (ui: Ui, v: CheckoutView): string =>
  fill(ui.t.partial, { paid: money(ui, v.paidAmount), due: money(ui, v.dueAmount), symbol: v.assetSymbol });

function amountBlock(ui: Ui, v: CheckoutView): HTMLElement {
  const partial = v.status === 'partially_paid';
  return h(
    'div',
    { class: 'amount' },
    priceBlock(ui, v, (amount) => money(ui, amount), storeClock(ui, v.expiresAt)),
    h('span', { class: 'label', id: 'amount-label' }, partial ? ui.t.leftToPay : ui.t.amount),
    h(
      'div',
      { class: 'amount-row' },
      h(
        'strong',
        { class: 'big', 'data-field': 'amount', 'aria-describedby': 'amount-label' },
        `${money(ui, v.dueAmount)} ${v.assetSymbol}`,
      ),
      copyButton(ui, v.dueAmount, partial ? ui.t.leftToPay : ui.t.amount),
    ),
    h('p', { class: 'timer', role: 'timer', 'aria-label': ui.t.timeLeft, id: 'timer' }),
  );
}

function sandboxBlock(ui: Ui): HTMLElement {
  const button = h('button', { type: 'button', class: 'btn sandbox-pay' }, ui.t.sandboxPay);
  button.addEventListener('click', () => ui.sandboxPay(button));
  return h(
    'div',
    { class: 'sandbox-box', role: 'group', 'aria-label': ui.t.sandbox },
    h('span', { class: 'badge' }, ui.t.sandbox),
    button,
    h('p', { class: 'hint' }, ui.t.sandboxNote),
  );
}

const TELEGRAM_WALLET = 'https://t.me/wallet';

export function payScreen(ui: Ui, v: CheckoutView): HTMLElement {
  const { t } = ui;
  const warning = h(
    'p',
    { class: 'warn', id: 'memo-warning' },
    h('strong', { 'aria-hidden': 'true' }, '!'),
    h('span', {}, t.memoWarning),
  );
  return h(
    'section',
    { class: 'screen pay', 'aria-labelledby': 'title' },
    h('h1', { id: 'title', tabindex: -1 }, headingOf(t, ui.lang, v)),
    orderRef(ui, v),
    v.description && h('p', { class: 'desc' }, v.description),
    h(
      'div',
      { class: 'pay-grid' },
      amountBlock(ui, v),
      v.status === 'partially_paid' && h('p', { class: 'partial' }, partialText(ui, v)),
      ui.walletBlock(v),
      h(
        'div',
        { class: 'scan' },
        h('div', { class: 'qr-wrap' }, qrSvg(v.links.ton, t.qr)),
        h(
          'div',
          { class: 'wallets' },
          h('a', { class: 'btn primary', href: v.links.ton }, t.openTon),
          h(
            'a',
            { class: 'btn', href: v.links.tonkeeper, target: '_blank', rel: 'noopener noreferrer' },
            t.openTonkeeper,
          ),
          // No deep link of Telegram Wallet fills in a jetton transfer: it opens the wallet, the customer copies amount and memo.
          h(
            'a',
            {
              class: 'btn',
              href: TELEGRAM_WALLET,
              target: '_blank',
              rel: 'noopener noreferrer',
              'aria-describedby': 'tg-hint',
            },
            t.openTelegram,
          ),
        ),
        h('p', { class: 'hint', id: 'tg-hint' }, t.telegramHint),
      ),
      h(
        'dl',
        { class: 'fields' },
        field(ui, t.address, v.address, 'address'),
        field(ui, t.memo, v.memo, 'memo', warning),
      ),
      h(
        'div',
        { class: 'extra' },
        h('p', { class: 'hint' }, fill(t.network, { asset: v.assetName })),
        ui.config.sandbox && sandboxBlock(ui),
      ),
    ),
  );
}

/** What a closed screen says happened; `expired` also covers a pay screen whose time ran out before the service said so. */
export type EndKind = 'paid' | 'expired' | 'cancelled';
const ICONS: Record<EndKind, string> = { paid: '✓', expired: '!', cancelled: '×' };

function orderRef(ui: Ui, v: CheckoutView): HTMLElement | null {
  return v.externalId
    ? h('p', { class: 'order-ref', 'data-field': 'order' }, fill(ui.t.order, { ref: v.externalId }))
    : null;
}

/** "Already paid? Contact <store>: <email or site>", the contact as a link. */
function contactLine(ui: Ui): HTMLElement {
  const { name, contact } = ui.config.store;
  const line = h('p', { class: 'end-contact' }, fill(ui.t.alreadyPaid, { store: name ?? ui.t.theShop }));
  if (contact) {
    const mail = !/^https:\/\//i.test(contact);
    line.append(
      ': ',
      h(
        'a',
        {
          href: mail ? `mailto:${contact}` : contact,
          ...(mail ? {} : { target: '_blank', rel: 'noopener noreferrer' }),
        },
        contact,
      ),
    );
  }
  return line;
}

/** "09:42 Europe/Berlin": 24-hour in the store's zone, naming it (the customer may be anywhere). */
function storeClock(ui: Ui, iso: string): string {
  const { timeZone } = ui.config;
  const clock = new Intl.DateTimeFormat(ui.lang, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone });
  return timeZone ? `${clock.format(new Date(iso))} ${timeZone}` : clock.format(new Date(iso));
}

const hasPaid = (amount: string): boolean => /[1-9]/.test(amount);

function endLines(ui: Ui, kind: EndKind, v: CheckoutView): { title: string; lines: Array<HTMLElement | null | false> } {
  const { t } = ui;
  if (kind === 'paid')
    return {
      title: t.paidTitle,
      lines: [
        h('p', {}, fill(t.paidText, { amount: money(ui, v.amount), symbol: v.assetSymbol })),
        v.price && h('p', { 'data-field': 'price' }, `${t.price}: ${money(ui, v.price.amount)} ${v.price.currency}`),
      ],
    };
  const time = storeClock(ui, v.expiresAt);
  const partial =
    hasPaid(v.paidAmount) &&
    h(
      'p',
      { class: 'end-partial' },
      fill(t.expiredPartial, { paid: money(ui, v.paidAmount), amount: money(ui, v.amount), symbol: v.assetSymbol }),
    );
  return kind === 'expired'
    ? {
        title: fill(t.expiredAt, { time }),
        lines: [partial, h('p', {}, t.expiredText), h('p', {}, t.newInvoice), contactLine(ui)],
      }
    : {
        title: t.cancelledTitle,
        lines: [partial, h('p', {}, t.cancelledText), h('p', {}, t.newInvoice), contactLine(ui)],
      };
}

/** The paid payment's receipt (server-rendered), in a new tab: this page may be a frame, or about to return to the shop. */
const receiptLink = (ui: Ui, v: CheckoutView): HTMLElement =>
  h(
    'a',
    {
      class: 'btn receipt',
      href: servicePath(`pay/${encodeURIComponent(v.id)}/receipt`),
      target: '_blank',
      rel: 'noopener noreferrer',
    },
    ui.t.receipt,
  );

/** Paid, expired and cancelled: what happened, what to do, and the way back to the shop (HPP). Never a way to pay. */
export function endScreen(ui: Ui, kind: EndKind, v: CheckoutView, backUrl: string | null): HTMLElement {
  const hint = backUrl ? ui.t.returning : kind === 'paid' && ui.config.mode === 'hpp' ? ui.t.closeHint : null;
  const { title, lines } = endLines(ui, kind, v);
  return h(
    'section',
    { class: `screen end end-${kind}`, 'aria-labelledby': 'title' },
    h('div', { class: 'icon', 'aria-hidden': 'true' }, ICONS[kind]),
    h('h1', { id: 'title', tabindex: -1 }, title),
    orderRef(ui, v),
    ...lines,
    hint && h('p', { class: 'hint' }, hint),
    kind === 'paid' && receiptLink(ui, v),
    backUrl && h('a', { class: 'btn primary', href: backUrl }, ui.t.back),
  );
}

export function formatLeft(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const two = (n: number) => String(n).padStart(2, '0');
  const [hh, mm, ss] = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
  return hh > 0 ? `${hh}:${two(mm)}:${two(ss)}` : `${two(mm)}:${two(ss)}`;
}
