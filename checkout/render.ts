import { h } from './dom';
import { fill, type Strings } from './i18n';
import { qrSvg } from './qr';
import type { CheckoutView, PageConfig } from './view';

export interface Ui {
  t: Strings;
  config: PageConfig;
  announce(text: string): void;
  sandboxPay(button: HTMLButtonElement): void;
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
      setTimeout(() => { button.textContent = ui.t.copy; }, 2000);
    });
  });
  return button;
}

function field(ui: Ui, label: string, value: string, cls: string, note?: HTMLElement): HTMLElement {
  return h('div', { class: `field ${cls}` },
    h('dt', {}, label),
    h('dd', {}, h('code', { class: 'value', 'data-field': cls }, value), copyButton(ui, value, label)),
    note);
}

function amountBlock(ui: Ui, v: CheckoutView): HTMLElement {
  const partial = v.status === 'partially_paid';
  return h('div', { class: 'amount' },
    h('span', { class: 'label', id: 'amount-label' }, partial ? ui.t.leftToPay : ui.t.amount),
    h('div', { class: 'amount-row' },
      h('strong', { class: 'big', 'data-field': 'amount', 'aria-describedby': 'amount-label' }, `${v.dueAmount} ${v.currency}`),
      copyButton(ui, v.dueAmount, partial ? ui.t.leftToPay : ui.t.amount)),
    h('p', { class: 'timer', role: 'timer', 'aria-label': ui.t.timeLeft, id: 'timer' }));
}

function sandboxBlock(ui: Ui): HTMLElement {
  const button = h('button', { type: 'button', class: 'btn sandbox-pay' }, ui.t.sandboxPay);
  button.addEventListener('click', () => ui.sandboxPay(button));
  return h('div', { class: 'sandbox-box', role: 'group', 'aria-label': ui.t.sandbox },
    h('span', { class: 'badge' }, ui.t.sandbox), button, h('p', { class: 'hint' }, ui.t.sandboxNote));
}

export function payScreen(ui: Ui, v: CheckoutView): HTMLElement {
  const { t } = ui;
  const warning = h('p', { class: 'warn', id: 'memo-warning' }, h('strong', { 'aria-hidden': 'true' }, '!'), h('span', {}, t.memoWarning));
  return h('section', { class: 'screen pay', 'aria-labelledby': 'title' },
    h('h1', { id: 'title', tabindex: -1 }, t.title),
    v.description && h('p', { class: 'desc' }, v.description),
    h('div', { class: 'pay-grid' },
      amountBlock(ui, v),
      v.status === 'partially_paid' && h('p', { class: 'partial' }, fill(t.partial, { paid: v.paidAmount, due: v.dueAmount })),
      h('div', { class: 'scan' },
        h('div', { class: 'qr-wrap' }, qrSvg(v.links.ton, t.qr)),
        h('div', { class: 'wallets' },
          h('a', { class: 'btn primary', href: v.links.ton }, t.openTon),
          h('a', { class: 'btn', href: v.links.tonkeeper, target: '_blank', rel: 'noopener noreferrer' }, t.openTonkeeper))),
      h('dl', { class: 'fields' },
        field(ui, t.address, v.address, 'address'),
        field(ui, t.memo, v.memo, 'memo', warning)),
      h('div', { class: 'extra' }, h('p', { class: 'hint' }, t.network), ui.config.sandbox && sandboxBlock(ui))));
}

const END = {
  paid: { icon: '✓', title: 'paidTitle', text: 'paidText' },
  expired: { icon: '!', title: 'expiredTitle', text: 'expiredText' },
  cancelled: { icon: '×', title: 'cancelledTitle', text: 'cancelledText' },
} as const;

/** Paid, expired and cancelled: a heading, one sentence, and the way back to the shop (HPP). */
export function endScreen(ui: Ui, v: CheckoutView & { status: keyof typeof END }, backUrl: string | null): HTMLElement {
  const end = END[v.status];
  const hint = backUrl ? ui.t.returning : v.status === 'paid' && ui.config.mode === 'hpp' ? ui.t.closeHint : null;
  return h('section', { class: `screen end end-${v.status}`, 'aria-labelledby': 'title' },
    h('div', { class: 'icon', 'aria-hidden': 'true' }, end.icon),
    h('h1', { id: 'title', tabindex: -1 }, ui.t[end.title]),
    h('p', {}, fill(ui.t[end.text], { amount: v.amount })),
    hint && h('p', { class: 'hint' }, hint),
    backUrl && h('a', { class: 'btn primary', href: backUrl }, ui.t.back));
}

export function formatLeft(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const two = (n: number) => String(n).padStart(2, '0');
  const [hh, mm, ss] = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
  return hh > 0 ? `${hh}:${two(mm)}:${two(ss)}` : `${two(mm)}:${two(ss)}`;
}
