import { connectParent, type Bridge } from './bridge';
import { h } from './dom';
import { fill, LANGUAGES, pickLang, type Lang } from './i18n';
import { watchStatus, type Live } from './live';
import { headingOf } from './price-view';
import { endScreen, formatLeft, partialText, payScreen, type EndKind, type Ui } from './render';
import { servicePath } from './service-root';
import { asCheckoutView, asStoreBrand, errorMessage, type CheckoutView, type PageConfig } from './view';
import { WalletPay } from './wallet-pay';
import { renderWalletBlock } from './wallet-view';

const REDIRECT_DELAY_MS = { paid: 2_500, other: 5_000 };
/** For the developer reading the console: why this frame showed although their backend named no origin. */
const ANY_ORIGIN_NOTICE =
  '[TonTill checkout] Sandbox mode: this checkout may be embedded by any origin because its session names no ' +
  'allowedOrigins and the store lists no embedding origins. On testnet and mainnet only those origins may embed it; ' +
  'allow yours in the TonTill console (Settings) or send allowedOrigins with POST /invoice/widgets.';

const LANG_KEY = 'tontill.checkout.lang';

function readConfig(root: HTMLElement): { config: PageConfig; view: CheckoutView | null } {
  const d = root.dataset;
  const safeUrl = (u: string | undefined) => (u && /^https?:\/\//i.test(u) ? u : null);
  return {
    config: {
      mode: d.mode === 'epp' ? 'epp' : 'hpp',
      parentOrigin: d.parent || null,
      anyOrigin: d.anyOrigin === '1',
      sandbox: d.sandbox === '1',
      successUrl: safeUrl(d.successUrl),
      failUrl: safeUrl(d.failUrl),
      store: asStoreBrand(JSON.parse(d.store ?? 'null')),
      ...(d.timeZone ? { timeZone: d.timeZone } : {}),
    },
    view: asCheckoutView(JSON.parse(d.view ?? 'null')),
  };
}

/** Storage may be refused (a sandboxed frame, privacy settings): the choice then lasts for this page only. */
const storage = {
  get(): string | null {
    try {
      return localStorage.getItem(LANG_KEY);
    } catch {
      return null;
    }
  },
  set(lang: string): void {
    try {
      localStorage.setItem(LANG_KEY, lang);
    } catch {
      /* not allowed here */
    }
  },
};

/** ?lang= first, then the customer's earlier choice, then the browser's languages. */
function initialLang(): Lang {
  const asked = new URLSearchParams(location.search).get('lang');
  return pickLang([
    asked,
    storage.get(),
    ...(navigator.languages?.length ? navigator.languages : [navigator.language]),
  ]);
}

type ScreenKind = 'pay' | EndKind;

class Checkout {
  private view: CheckoutView;
  private shownKey = '';
  private shownKind: ScreenKind = 'pay';
  private clockSkew = 0;
  private live: Live | null = null;
  private connected: boolean | null = null;
  private bridge: Bridge | null = null;
  private redirect: ReturnType<typeof setTimeout> | undefined;
  private ui: Ui;
  private readonly status = h('p', { class: 'status', role: 'status', 'aria-live': 'polite' });
  private readonly host = h('div', { class: 'screen-host' });
  private readonly bar = h('div', { class: 'store-bar' });
  private readonly wallet: WalletPay;
  private readonly walletHost = h('div', { class: 'wallet-pay' });

  constructor(
    private readonly root: HTMLElement,
    private readonly config: PageConfig,
    view: CheckoutView,
  ) {
    this.view = view;
    this.ui = this.uiFor(initialLang());
    this.clockSkew = Date.parse(view.serverTime) - Date.now();
    this.wallet = new WalletPay(
      view.id,
      () => Date.now() + this.clockSkew,
      () => this.renderWallet(),
    );
  }

  private renderWallet(): void {
    renderWalletBlock(this.walletHost, this.ui, this.wallet.current, this.view, {
      start: () => void this.wallet.start(),
      choose: (wallet) => this.wallet.choose(wallet),
      cancel: () => void this.wallet.cancel(),
      retry: () => void this.wallet.retry(),
    });
  }

  private uiFor(lang: Lang): Ui {
    const { t } = LANGUAGES[lang];
    document.documentElement.lang = lang;
    document.title = headingOf(t, lang, this.view);
    return {
      t,
      lang,
      config: this.config,
      announce: (text) => this.say(text),
      sandboxPay: (b) => void this.sandboxPay(b),
      chooseAsset: (currency, b) => void this.chooseAsset(currency, b),
      walletBlock: () => {
        this.renderWallet();
        return this.walletHost;
      },
    };
  }

  start(): void {
    this.root.replaceChildren(this.bar, this.host, this.status);
    this.renderBar();
    this.show(true);
    if (this.config.mode === 'epp' && this.config.anyOrigin) console.info(ANY_ORIGIN_NOTICE);
    this.bridge = this.config.mode === 'epp' ? connectParent(this.config.parentOrigin, () => this.view) : null;
    this.bridge?.post('loaded', this.view);
    // Expired stays watched: a late transfer inside the monitoring window can still complete it.
    if (this.view.status !== 'paid' && this.view.status !== 'cancelled') {
      this.live = watchStatus(
        this.view.id,
        (v) => this.update(v),
        (ok) => this.connection(ok),
      );
    }
    setInterval(() => this.tick(), 1000);
    this.tick();
  }

  /** Who the customer pays (the store's logo and name) and the language switch, above every screen. */
  private renderBar(): void {
    const { name, logoUrl } = this.config.store;
    const select = h('select', { id: 'lang', class: 'lang' });
    for (const [code, { name: label }] of Object.entries(LANGUAGES))
      select.append(h('option', { value: code, lang: code }, label));
    select.value = this.ui.lang;
    select.addEventListener('change', () => this.switchLang(select.value as Lang));
    this.bar.replaceChildren(
      h(
        'div',
        { class: 'store' },
        logoUrl &&
          h('img', { class: 'store-logo', src: servicePath(logoUrl), alt: name ? '' : 'Logo', width: 40, height: 40 }),
        name && h('span', { class: 'store-name' }, name),
      ),
      h('label', { class: 'lang-switch' }, h('span', { class: 'lang-label' }, this.ui.t.language), select),
    );
  }

  private switchLang(lang: Lang): void {
    storage.set(lang);
    this.ui = this.uiFor(lang);
    this.renderBar();
    this.shownKey = '';
    this.show(true);
    document.getElementById('lang')?.focus();
  }

  private say(text: string): void {
    this.status.textContent = text;
  }

  /** Said when the connection changes, not at every status frame: a frame must not talk over what the page just said. */
  private connection(ok: boolean): void {
    if (ok === this.connected) return;
    this.connected = ok;
    if (this.shownKind === 'pay') this.say(ok ? this.ui.t.waiting : this.ui.t.reconnecting);
  }

  private update(v: CheckoutView): void {
    if (v.id !== this.view.id) return;
    const changed =
      v.status !== this.view.status || v.dueAmount !== this.view.dueAmount || v.currency !== this.view.currency;
    this.view = v;
    this.clockSkew = Date.parse(v.serverTime) - Date.now();
    this.show(false);
    if (!changed) return;
    this.bridge?.post('status', v);
    if (v.status === 'paid') this.bridge?.post('paid', v);
    if (v.status === 'expired') this.bridge?.post('expired', v);
    if (v.status === 'paid' || v.status === 'cancelled') this.live?.stop();
  }

  private msLeft(): number {
    return Date.parse(this.view.expiresAt) - (Date.now() + this.clockSkew);
  }

  /** Open and in time: the pay screen. Open but out of time: expired, whether or not the service has said so yet. */
  private kindOf(v: CheckoutView): ScreenKind {
    if (v.status === 'pending' || v.status === 'partially_paid') return this.msLeft() > 0 ? 'pay' : 'expired';
    return v.status;
  }

  /** Re-renders only when what the customer must do changes, so focus and selection survive heartbeats. */
  private show(first: boolean): void {
    const v = this.view;
    const kind = this.kindOf(v);
    const key = `${kind}:${v.currency}:${v.dueAmount}:${v.paidAmount}`;
    if (key !== this.shownKey) {
      this.shownKey = key;
      document.title = headingOf(this.ui.t, this.ui.lang, v);
      this.shownKind = kind;
      this.host.replaceChildren(kind === 'pay' ? payScreen(this.ui, v) : endScreen(this.ui, kind, v, this.backUrl(v)));
      this.tick();
      if (kind === 'pay') {
        this.say(v.status === 'partially_paid' ? partialText(this.ui, v) : this.ui.t.waiting);
      } else {
        this.say('');
        if (!first) this.host.querySelector<HTMLElement>('h1')?.focus();
      }
    }
    const back = this.backUrl(v);
    if (back)
      this.redirect ??= setTimeout(
        () => location.assign(back),
        v.status === 'paid' ? REDIRECT_DELAY_MS.paid : REDIRECT_DELAY_MS.other,
      );
  }

  /** HPP goes back to the shop on its own; EPP leaves that to the parent page. */
  private backUrl(v: CheckoutView): string | null {
    if (this.config.mode !== 'hpp') return null;
    if (v.status === 'paid') return this.config.successUrl;
    return v.status === 'expired' || v.status === 'cancelled' ? this.config.failUrl : null;
  }

  private tick(): void {
    if (this.shownKind !== 'pay') return;
    const left = this.msLeft();
    // Out of time: the QR and links go now, not when the service (or a lost connection) gets round to saying so.
    if (left <= 0) {
      this.show(false);
      this.live?.refresh();
      return;
    }
    const timer = document.getElementById('timer');
    if (!timer) return;
    timer.textContent = `${this.ui.t.timeLeft}: ${formatLeft(left)}`;
    timer.classList.toggle('soon', left < 5 * 60_000);
    const seconds = Math.ceil(left / 1000);
    if (seconds === 300 || seconds === 60) this.say(fill(this.ui.t.minutesLeft, { n: seconds / 60 }));
  }

  private async sandboxPay(button: HTMLButtonElement): Promise<void> {
    button.disabled = true;
    this.say(this.ui.t.sandboxSending);
    try {
      const res = await fetch(servicePath(`pay/${encodeURIComponent(this.view.id)}/sandbox-pay`), {
        method: 'POST',
        headers: { accept: 'application/json' },
      });
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

  /** The customer's asset for a fiat price: the service switches the payment, and the page follows its answer. */
  private async chooseAsset(currency: string, button: HTMLButtonElement): Promise<void> {
    button.disabled = true;
    try {
      const res = await fetch(servicePath(`pay/${encodeURIComponent(this.view.id)}/currency`), {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify({ currency }),
      });
      const body: unknown = await res.json();
      const view = res.ok ? asCheckoutView(body) : null;
      if (!view) throw new Error(errorMessage(body) ?? `HTTP ${res.status}`);
      this.update(view);
      const { t } = this.ui;
      this.say(fill(t.chosenAsset, { asset: view.assetName, amount: view.dueAmount, symbol: view.assetSymbol }));
      // The screen was drawn anew: keep the keyboard where it was, on the button now pressed.
      this.host.querySelector<HTMLElement>(`.choice[data-currency="${view.currency}"]`)?.focus();
    } catch (err) {
      button.disabled = false;
      this.say(fill(this.ui.t.chooseFailed, { reason: (err as Error).message }));
    }
  }
}

const root = document.getElementById('app');
if (root?.dataset.view) {
  const { config, view } = readConfig(root);
  // The server always writes a view; a page whose view is not one is left alone rather than half rendered.
  if (view) new Checkout(root, config, view).start();
}
