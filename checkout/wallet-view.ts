import type { WalletInfo } from '@tonconnect/sdk';
import { isWalletInfoCurrentlyInjected } from '@tonconnect/sdk';
import { h } from './dom';
import { fill } from './i18n';
import { qrSvg } from './qr';
import { money, type Ui } from './render';
import type { CheckoutView } from './view';
import type { WalletState } from './wallet-pay';

/** What the block's buttons do (WalletPay's methods). */
export interface WalletActions {
  start(): void;
  choose(wallet: WalletInfo): void;
  cancel(): void;
  retry(): void;
}

/**
 * A phone opens the wallet's link itself; a computer (a wide window, or a mouse: the embedded page
 * may be a narrow frame on a wide screen) also shows the link as a QR for the phone in the customer's hand.
 */
const onComputer = (): boolean =>
  typeof matchMedia === 'function' && matchMedia('(min-width: 760px), (hover: hover) and (pointer: fine)').matches;

/** The list calls Telegram Wallet just "Wallet", which says nothing beside the others. */
const walletName = (wallet: WalletInfo): string =>
  wallet.appName === 'telegram-wallet' ? 'Telegram Wallet' : wallet.name;

function button(text: string, cls: string, onClick: () => void, disabled = false): HTMLButtonElement {
  const b = h('button', { type: 'button', class: `btn ${cls}`, disabled }, text);
  b.addEventListener('click', onClick);
  return b;
}

/** Names only, no icons: an icon would be a request to the wallet maker's host. */
function walletList(ui: Ui, wallets: WalletInfo[], actions: WalletActions): HTMLElement {
  return h(
    'ul',
    { class: 'wallet-list', 'aria-label': ui.t.walletChoose },
    ...wallets.map((wallet) =>
      h(
        'li',
        {},
        button(walletName(wallet), 'wallet-choice', () => actions.choose(wallet)),
        isWalletInfoCurrentlyInjected(wallet) && h('span', { class: 'hint wallet-here' }, ui.t.walletInBrowser),
      ),
    ),
  );
}

/** A remote wallet: its universal link to open, and on a wide screen the same link as a QR. */
function connectLink(ui: Ui, wallet: WalletInfo, link: string): HTMLElement[] {
  const open = h(
    'a',
    { class: 'btn primary wallet-open', href: link, target: '_blank', rel: 'noopener noreferrer' },
    fill(ui.t.walletOpen, { wallet: walletName(wallet) }),
  );
  if (!onComputer()) return [open];
  return [
    h('p', { class: 'hint' }, fill(ui.t.walletScan, { wallet: walletName(wallet) })),
    h('div', { class: 'qr-wrap' }, qrSvg(link, fill(ui.t.walletQr, { wallet: walletName(wallet) }))),
    open,
  ];
}

const statusLine = (text: string, cls = ''): HTMLElement =>
  h('p', { class: `wallet-status ${cls}`, role: 'status', 'aria-live': 'polite' }, text);

function refusalText(ui: Ui, state: WalletState): string | null {
  switch (state.kind) {
    case 'rejected':
      return ui.t.walletRejected;
    case 'timeout':
      return ui.t.walletTimeout;
    case 'wrongNetwork':
      return ui.t.walletWrongNetwork;
    case 'failed':
      return fill(ui.t.walletFailed, { reason: state.reason });
    default:
      return null;
  }
}

/** What the wallet is asked to pay, in the payment's asset. */
type DueAmount = Pick<CheckoutView, 'dueAmount' | 'assetSymbol'>;

function stateParts(ui: Ui, state: WalletState, due: DueAmount, actions: WalletActions): Array<HTMLElement | false> {
  const { t } = ui;
  const pay = (disabled = false) =>
    button(
      fill(t.payWithWallet, { amount: money(ui, due.dueAmount), symbol: due.assetSymbol }),
      'primary wallet-btn',
      () => actions.start(),
      disabled,
    );
  const cancel = () => button(t.walletCancel, 'wallet-cancel', () => actions.cancel());
  const refused = refusalText(ui, state);
  if (refused)
    return [
      h('p', { class: 'wallet-status bad', role: 'alert' }, refused),
      button(t.walletTryAgain, 'primary wallet-retry', () => actions.retry()),
    ];
  switch (state.kind) {
    case 'idle':
    case 'loading':
      return [pay(state.kind === 'loading')];
    case 'choose':
      return [h('p', { class: 'wallet-title' }, t.walletChoose), walletList(ui, state.wallets, actions), cancel()];
    case 'connecting':
      return [
        statusLine(fill(t.walletConnecting, { wallet: walletName(state.wallet) }), 'busy'),
        ...(state.link ? connectLink(ui, state.wallet, state.link) : []),
        cancel(),
      ];
    case 'confirm':
      return [statusLine(t.walletConfirm, 'busy')];
    default:
      return [statusLine(t.walletSent, 'ok')];
  }
}

/** "Pay with wallet" on the pay screen: the button, then the wallet's progress; the QR and copy fields stay below it. */
export function renderWalletBlock(
  host: HTMLElement,
  ui: Ui,
  state: WalletState,
  due: DueAmount,
  actions: WalletActions,
): void {
  const parts = stateParts(ui, state, due, actions).filter((part): part is HTMLElement => !!part);
  if (state.kind !== 'idle' && state.kind !== 'loading')
    parts.push(h('p', { class: 'hint wallet-fallback' }, ui.t.walletFallback));
  host.replaceChildren(...parts);
}
