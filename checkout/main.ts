import { connectParent, type Bridge } from './bridge';
import { h } from './dom';
import { fill, pickStrings } from './i18n';
import { watchStatus, type Live } from './live';
import { endScreen, formatLeft, payScreen, type Ui } from './render';
import { servicePath } from './service-root';
import { asCheckoutView, errorMessage, isOpen, type CheckoutView, type PageConfig } from './view';

const REDIRECT_DELAY_MS = { paid: 2_500, other: 5_000 };
/** For the developer reading the console: why this frame showed although their backend named no origin. */
const ANY_ORIGIN_NOTICE = '[TonTill checkout] Sandbox mode: this checkout may be embedded by any origin because its session names no '
  + 'allowedOrigins and the store lists no embedding origins. On testnet and mainnet only those origins may embed it; '
  + 'allow yours in the TonTill console (Settings) or send allowedOrigins with POST /invoice/widgets.';

function readConfig(root: HTMLElement): { config: PageConfig; view: CheckoutView | null } {
  const d = root.dataset;
  const safeUrl = (u: string | undefined) => (u && /^https?:\/\//i.test(u) ? u : null);
  return {
    config: {
      mode: d.mode === 'epp' ? 'epp' : 'hpp', parentOrigin: d.parent || null, anyOrigin: d.anyOrigin === '1', sandbox: d.sandbox === '1',
      successUrl: safeUrl(d.successUrl), failUrl: safeUrl(d.failUrl),
    },
    view: asCheckoutView(JSON.parse(d.view ?? 'null')),
  };
}

class Checkout {
  private view: CheckoutView;
  private shownKey = '';
  private clockSkew = 0;
  private live: Live | null = null;
  private bridge: Bridge | null = null;
  private redirect: ReturnType<typeof setTimeout> | undefined;
  private readonly ui: Ui;
  private readonly status = h('p', { class: 'status', role: 'status', 'aria-live': 'polite' });

  constructor(private readonly root: HTMLElement, private readonly config: PageConfig, view: CheckoutView) {
    const { lang, t } = pickStrings(navigator.languages?.length ? navigator.languages : [navigator.language]);
    document.documentElement.lang = lang;
    document.title = t.title;
    this.ui = { t, config, announce: (text) => this.say(text), sandboxPay: (b) => void this.sandboxPay(b) };
    this.view = view;
  }

  start(): void {
    this.root.replaceChildren();
    this.root.append(h('div', { class: 'screen-host' }), this.status);
    this.show(this.view, true);
    if (this.config.mode === 'epp' && this.config.anyOrigin) console.info(ANY_ORIGIN_NOTICE);
    this.bridge = this.config.mode === 'epp' ? connectParent(this.config.parentOrigin, () => this.view) : null;
    this.bridge?.post('loaded', this.view);
    // Expired stays watched: a late transfer inside the monitoring window can still complete it.
    if (this.view.status !== 'paid' && this.view.status !== 'cancelled') {
      this.live = watchStatus(this.view.id, (v) => this.update(v), (ok) => this.connection(ok));
    }
    setInterval(() => this.tick(), 1000);
    this.tick();
  }

  private say(text: string): void {
    this.status.textContent = text;
  }

  private connection(ok: boolean): void {
    if (isOpen(this.view.status)) this.say(ok ? this.ui.t.waiting : this.ui.t.reconnecting);
  }

  private update(v: CheckoutView): void {
    if (v.id !== this.view.id) return;
    const changed = v.status !== this.view.status || v.dueAmount !== this.view.dueAmount;
    this.show(v, false);
    if (!changed) return;
    this.bridge?.post('status', v);
    if (v.status === 'paid') this.bridge?.post('paid', v);
    if (v.status === 'expired') this.bridge?.post('expired', v);
    if (v.status === 'paid' || v.status === 'cancelled') this.live?.stop();
  }

  /** Re-renders only when what the customer must do changes, so focus and selection survive heartbeats. */
  private show(v: CheckoutView, first: boolean): void {
    this.view = v;
    this.clockSkew = Date.parse(v.serverTime) - Date.now();
    const key = `${v.status}:${v.dueAmount}`;
    if (key === this.shownKey) return;
    this.shownKey = key;
    const host = this.root.firstElementChild as HTMLElement;
    const back = this.backUrl(v);
    host.replaceChildren(isOpen(v.status) ? payScreen(this.ui, v) : endScreen(this.ui, v as CheckoutView & { status: 'paid' }, back));
    this.tick();
    if (isOpen(v.status)) {
      this.say(v.status === 'partially_paid' ? fill(this.ui.t.partial, { paid: v.paidAmount, due: v.dueAmount }) : this.ui.t.waiting);
    } else {
      this.say('');
      if (!first) host.querySelector<HTMLElement>('h1')?.focus();
      if (back) this.redirect ??= setTimeout(() => location.assign(back), v.status === 'paid' ? REDIRECT_DELAY_MS.paid : REDIRECT_DELAY_MS.other);
    }
  }

  /** HPP goes back to the shop on its own; EPP leaves that to the parent page. */
  private backUrl(v: CheckoutView): string | null {
    if (this.config.mode !== 'hpp') return null;
    if (v.status === 'paid') return this.config.successUrl;
    return v.status === 'expired' || v.status === 'cancelled' ? this.config.failUrl : null;
  }

  private tick(): void {
    const timer = document.getElementById('timer');
    if (!timer || !isOpen(this.view.status)) return;
    const left = Date.parse(this.view.expiresAt) - (Date.now() + this.clockSkew);
    timer.textContent = left > 0 ? `${this.ui.t.timeLeft}: ${formatLeft(left)}` : this.ui.t.expiring;
    timer.classList.toggle('soon', left < 5 * 60_000);
    const seconds = Math.ceil(left / 1000);
    if (seconds === 300 || seconds === 60) this.say(fill(this.ui.t.minutesLeft, { n: seconds / 60 }));
    // The server expires payments within a second of expiresAt; ask rather than guess.
    if (left <= 0 && seconds % 2 === 0) this.live?.refresh();
  }

  private async sandboxPay(button: HTMLButtonElement): Promise<void> {
    button.disabled = true;
    this.say(this.ui.t.sandboxSending);
    try {
      const res = await fetch(servicePath(`pay/${encodeURIComponent(this.view.id)}/sandbox-pay`), { method: 'POST', headers: { accept: 'application/json' } });
      const body: unknown = await res.json();
      const view = res.ok ? asCheckoutView(body) : null;
      if (!view) throw new Error(errorMessage(body) ?? `HTTP ${res.status}`);
      this.update(view);
    } catch (err) {
      this.say(fill(this.ui.t.sandboxFailed, { reason: (err as Error).message }));
    } finally {
      button.disabled = false;
    }
  }
}

const root = document.getElementById('app');
if (root?.dataset.view) {
  const { config, view } = readConfig(root);
  // The server always writes a view; a page whose view is not one is left alone rather than half rendered.
  if (view) new Checkout(root, config, view).start();
}
