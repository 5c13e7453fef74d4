import {
  isWalletInfoCurrentlyEmbedded,
  isWalletInfoCurrentlyInjected,
  isWalletInfoRemote,
  TonConnect,
  UserRejectsError,
  type IStorage,
  type SendTransactionRequest,
  type Wallet,
  type WalletInfo,
} from '@tonconnect/sdk';
import type { WalletTransferRequest, WalletTransferRequestBody } from '../contract/wallet-connect';
import { servicePath } from './service-root';
import { errorMessage } from './view';

/** Where "Pay with wallet" stands; the view draws each one (wallet-view.ts). */
export type WalletState =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'choose'; wallets: WalletInfo[] }
  | { kind: 'connecting'; wallet: WalletInfo; link: string | null }
  | { kind: 'confirm' }
  | { kind: 'sent' }
  | { kind: 'rejected' }
  | { kind: 'timeout' }
  | { kind: 'wrongNetwork' }
  | { kind: 'failed'; reason: string };

/**
 * The session lives as long as the page: nothing of it is written to the customer's browser, and a
 * reload starts afresh (the payment itself is followed by the service, not by the wallet session).
 */
function memoryStorage(): IStorage {
  const items = new Map<string, string>();
  return {
    setItem: async (key, value) => void items.set(key, value),
    getItem: async (key) => items.get(key) ?? null,
    removeItem: async (key) => void items.delete(key),
  };
}

/** The error the service answered, as a state: a 400 naming `network` is the wrong-network case. */
function refusal(body: unknown, status: number): WalletState {
  const field = (body as { error?: { field?: unknown } } | null)?.error?.field;
  if (status === 400 && field === 'network') return { kind: 'wrongNetwork' };
  return { kind: 'failed', reason: errorMessage(body) ?? `HTTP ${status}` };
}

/**
 * "Pay with wallet" through TON Connect 2 (@tonconnect/sdk): connect a wallet (injected through its
 * JS bridge, or remote through its universal link and HTTP bridge), ask the service for the complete
 * transfer of what is still due, and hand exactly that to the wallet to sign.
 */
export class WalletPay {
  private connector: TonConnect | null = null;
  /** aborts a connection still waiting for the wallet (its bridge stream closes) */
  private connecting: AbortController | null = null;
  private state: WalletState = { kind: 'idle' };

  constructor(
    private readonly paymentId: string,
    /** epoch ms as the service counts it (the page's clock may be off) */
    private readonly serverNow: () => number,
    private readonly onChange: (state: WalletState) => void,
  ) {}

  get current(): WalletState {
    return this.state;
  }

  private set(state: WalletState): void {
    this.state = state;
    this.onChange(state);
  }

  /**
   * Made on the first tap, not with the page: until the customer asks, the page loads no wallet
   * list. Analytics off and our own list: the SDK reaches only the service and the chosen bridge.
   */
  private sdk(): TonConnect {
    if (this.connector) return this.connector;
    const connector = new TonConnect({
      manifestUrl: servicePath('tonconnect-manifest.json'),
      walletsListSource: servicePath('tonconnect/wallets.json'),
      analytics: { mode: 'off' },
      storage: memoryStorage(),
    });
    connector.onStatusChange(
      (wallet) => {
        if (!wallet || this.state.kind !== 'connecting') return;
        this.connecting = null;
        void this.pay(wallet);
      },
      () => {
        if (this.state.kind === 'connecting') this.set({ kind: 'rejected' });
      },
    );
    this.connector = connector;
    return connector;
  }

  /** The button: pay at once when connected; inside a wallet's own browser connect to it; else offer the list. */
  async start(): Promise<void> {
    const connector = this.sdk();
    if (connector.wallet) return this.pay(connector.wallet);
    this.set({ kind: 'loading' });
    try {
      const wallets = await connector.getWallets();
      const embedded = wallets.find(isWalletInfoCurrentlyEmbedded);
      if (embedded) return this.choose(embedded);
      // Wallets in this browser first: one tap and no phone needed.
      const injected: WalletInfo[] = wallets.filter(isWalletInfoCurrentlyInjected);
      this.set({ kind: 'choose', wallets: [...injected, ...wallets.filter((w) => !injected.includes(w))] });
    } catch (err) {
      this.set({ kind: 'failed', reason: (err as Error).message });
    }
  }

  /** Connects the chosen wallet: through its JS bridge when it is in this page, else its universal link. */
  choose(wallet: WalletInfo): void {
    const connector = this.sdk();
    this.connecting?.abort();
    const { signal } = (this.connecting = new AbortController());
    if (isWalletInfoCurrentlyInjected(wallet)) {
      this.set({ kind: 'connecting', wallet, link: null });
      connector.connect({ jsBridgeKey: wallet.jsBridgeKey }, { signal });
    } else if (isWalletInfoRemote(wallet)) {
      const link = connector.connect({ universalLink: wallet.universalLink, bridgeUrl: wallet.bridgeUrl }, { signal });
      this.set({ kind: 'connecting', wallet, link });
    }
  }

  /** Back to the button; a half-made connection is dropped so its bridge is closed. */
  async cancel(): Promise<void> {
    this.set({ kind: 'idle' });
    // Aborting closes the provider: only for a connection still pending, a made one is disconnected.
    if (this.connector?.connected) await this.connector.disconnect().catch(() => undefined);
    else this.connecting?.abort();
    this.connecting = null;
  }

  /** Try again after a refusal: on the wrong network the wallet must connect afresh (its network is part of the connection). */
  async retry(): Promise<void> {
    if (this.state.kind === 'wrongNetwork' && this.connector?.connected)
      await this.connector.disconnect().catch(() => undefined);
    return this.start();
  }

  private async pay(wallet: Wallet): Promise<void> {
    this.set({ kind: 'confirm' });
    const request = await this.transferRequest(wallet);
    if (!request) return;
    const abort = new AbortController();
    const deadline = this.requestDeadline(request, abort);
    try {
      const sent = this.sdk()
        .sendTransaction(
          {
            validUntil: request.validUntil,
            network: request.network as SendTransactionRequest['network'],
            from: request.from,
            messages: request.messages,
          },
          { signal: abort.signal },
        )
        .then(() => 'sent' as const);
      this.set({ kind: await Promise.race([sent, deadline.passed]) });
    } catch (err) {
      if (abort.signal.aborted) this.set({ kind: 'timeout' });
      else if (err instanceof UserRejectsError) this.set({ kind: 'rejected' });
      else this.set({ kind: 'failed', reason: (err as Error).message });
    } finally {
      deadline.clear();
    }
  }

  /**
   * The wallet may never answer (closed, phone away): once the request can no longer be signed, stop
   * waiting and say so. The SDK is told to abort, but its injected bridge ignores the signal and would
   * keep the page on "Confirm in your wallet", so `passed` settles the wait on its own.
   */
  private requestDeadline(request: WalletTransferRequest, abort: AbortController) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const passed = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(
        () => {
          abort.abort();
          resolve('timeout');
        },
        Math.max(0, request.validUntil * 1000 - this.serverNow()),
      );
    });
    return { passed, clear: () => clearTimeout(timer) };
  }

  /** What the service asks this wallet to sign, for what is still due now; null (and the state says why) when refused. */
  private async transferRequest(wallet: Wallet): Promise<WalletTransferRequest | null> {
    const body: WalletTransferRequestBody = {
      payer: wallet.account.address,
      network: wallet.account.chain as WalletTransferRequestBody['network'],
    };
    try {
      const res = await fetch(servicePath(`pay/${encodeURIComponent(this.paymentId)}/wallet-request`), {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
      });
      const answer: unknown = await res.json();
      if (res.ok) return answer as WalletTransferRequest;
      this.set(refusal(answer, res.status));
    } catch (err) {
      this.set({ kind: 'failed', reason: (err as Error).message });
    }
    return null;
  }
}
