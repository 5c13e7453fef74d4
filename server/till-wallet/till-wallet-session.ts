import type * as TonConnectModule from '@tonconnect/sdk';
import type { SendTransactionRequest, TonConnect, Wallet, WalletConnectionSourceHTTP } from '@tonconnect/sdk';
import { friendlyAddress } from '../chain/transfer-messages';
import {
  isTillWalletSettled,
  type TillWalletSession as SessionView,
  type TillWalletState,
} from '../../contract/till-wallet';
import type { WalletTransferRequest } from '../../contract/wallet-connect';
import type { SettingsStore } from '../settings/settings-store';
import type { Clock } from '../util/clock';
import { LedgerSessionStorage } from './ledger-storage';

/** How long an ending session waits for the SDK to begin opening its bridge stream (it does so at once). */
const STREAM_OPENING_WAIT_MS = 5_000;

/** Where the link sends the customer: one wallet's universal link and bridge, or every bridge (a `tc://` link). */
export type ConnectSource = WalletConnectionSourceHTTP | Pick<WalletConnectionSourceHTTP, 'bridgeUrl'>[];

export interface TillWalletSessionDeps {
  settings: SettingsStore;
  clock: Clock;
  /** the service's own tonconnect-manifest.json, absolute: the wallet fetches it */
  manifestUrl: string;
  /** the wallets list the SDK looks the connected wallet up in */
  walletsListSource: string;
  source: ConnectSource;
  /** the complete transfer for what is still due, for this payer; throws (with a message) when it cannot be asked */
  transferFor(wallet: Wallet): Promise<WalletTransferRequest>;
  /** the wallet app's name as the wallets list gives it ("Tonkeeper"), from its app_name */
  walletName(appName: string): string;
  /** user-friendly addresses in the test-only form (testnet, sandbox) */
  testOnly: boolean;
}

/**
 * One till payment's TON Connect session, the app's side held by the service: the SDK in Node, its
 * storage in the ledger. It makes the link, and once a wallet connects through its bridge asks it to
 * sign the complete transfer built for that payer. The watcher, not the wallet's answer, decides "paid".
 */
export type TonConnectSdk = typeof TonConnectModule;

export class TillWalletConnection {
  readonly link: string;
  private state: TillWalletState = 'waiting_for_wallet';
  private wallet: SessionView['wallet'] = null;
  private reason: string | null = null;
  private readonly connector: TonConnect;
  private readonly storage: LedgerSessionStorage;
  /** aborts a transfer request the wallet has not answered */
  private readonly sending = new AbortController();
  /** when the request in the wallet can no longer be signed (its validUntil), epoch ms; null before it is built */
  private deadline: number | null = null;
  private deadlineTimer: NodeJS.Timeout | undefined;
  private ended = false;

  constructor(
    paymentId: string,
    private readonly deps: TillWalletSessionDeps,
    /** the SDK, loaded by the first session rather than at start (TillWalletSessions.start) */
    private readonly sdk: TonConnectSdk,
  ) {
    this.storage = new LedgerSessionStorage(deps.settings, paymentId);
    this.connector = new sdk.TonConnect({
      manifestUrl: deps.manifestUrl,
      walletsListSource: deps.walletsListSource,
      storage: this.storage,
      analytics: { mode: 'off' },
    });
    this.connector.onStatusChange(
      (wallet) => {
        if (wallet && this.state === 'waiting_for_wallet') void this.pay(wallet);
      },
      (err) => {
        if (this.state !== 'waiting_for_wallet') return;
        if (err instanceof this.sdk.UserRejectsError) this.settle('refused');
        else this.settle('failed', err.message);
      },
    );
    this.link = this.connector.connect(deps.source);
  }

  view(): SessionView {
    return { state: this.state, link: this.link, wallet: this.wallet, reason: this.reason };
  }

  get current(): TillWalletState {
    return this.state;
  }

  /**
   * A wallet that has neither signed nor declined by the request's validUntil will not be heard from:
   * the session says timed_out (the till offers to try again) and stops waiting. Read against the
   * service's clock whenever the session is read, and by a timer when nobody reads it.
   */
  checkDeadline(): void {
    if (this.deadline === null || this.deadline > this.deps.clock.now()) return;
    if (this.state !== 'connected' && this.state !== 'awaiting_approval') return;
    this.settle('timed_out');
    this.sending.abort();
  }

  /** The payment expired with the session open: nothing can be paid, so the wallet is let go and the till told. */
  async expire(): Promise<void> {
    if (this.ended) return;
    this.state = 'expired';
    this.reason = null;
    await this.end();
  }

  /**
   * Ends the session: the wallet is told (disconnect), a pending connection's stream closed, the
   * ledger's keys deleted; for the service's shutdown they stay, so its next start knows the
   * session was cut short (TillWalletSessions.sweepAtStart) and deletes them then.
   */
  async end({ keepKeys = false }: { keepKeys?: boolean } = {}): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    clearTimeout(this.deadlineTimer);
    this.sending.abort();
    if (this.connector.connected) await this.connector.disconnect().catch(() => undefined);
    else await this.closePendingConnection();
    if (!keepKeys) await this.storage.clear();
    this.storage.close();
  }

  /**
   * Closes the stream of a connection no wallet made. Not by aborting connect(): in the SDK (3.4.1) an
   * abort while the stream is opening rejects a promise nobody handles, which would end the process.
   * Pausing closes the stream, also one still opening, once the SDK has begun opening it.
   */
  private async closePendingConnection(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<void>((resolve) => (timer = setTimeout(resolve, STREAM_OPENING_WAIT_MS)));
    await Promise.race([this.storage.bridgeOpening, deadline]);
    clearTimeout(timer);
    this.connector.pauseConnection();
  }

  private settle(state: TillWalletState, reason: string | null = null): void {
    // nothing changes a session that ended or timed out (a late rejection of the aborted request)
    if (this.ended || this.state === 'timed_out') return;
    this.state = state;
    this.reason = reason;
  }

  private async pay(wallet: Wallet): Promise<void> {
    this.wallet = {
      name: this.deps.walletName(wallet.device.appName),
      address: friendlyAddress(wallet.account.address, { bounceable: false, testOnly: this.deps.testOnly }),
    };
    this.settle('connected');
    let request: WalletTransferRequest;
    try {
      request = await this.deps.transferFor(wallet);
    } catch (err) {
      return this.settle('failed', (err as Error).message);
    }
    if (this.ended) return;
    await this.send(request);
  }

  /** Hands the request to the wallet, which has until its validUntil to sign or decline it (checkDeadline). */
  private async send(request: WalletTransferRequest): Promise<void> {
    this.deadline = request.validUntil * 1000;
    this.watchDeadline();
    try {
      const tx: SendTransactionRequest = { ...request, network: request.network as SendTransactionRequest['network'] };
      await this.connector.sendTransaction(tx, {
        signal: this.sending.signal,
        onRequestSent: () => this.settle('awaiting_approval'),
      });
      this.settle('approved');
    } catch (err) {
      if (err instanceof this.sdk.UserRejectsError) this.settle('refused');
      else this.settle('failed', (err as Error).message);
    } finally {
      clearTimeout(this.deadlineTimer);
    }
  }

  /** Checks the deadline when the service's clock should have reached it; again later if it has not yet. */
  private watchDeadline(): void {
    if (this.deadline === null || this.ended) return;
    this.deadlineTimer = setTimeout(
      () => {
        this.checkDeadline();
        if (!isTillWalletSettled(this.state)) this.watchDeadline();
      },
      Math.max(1_000, this.deadline - this.deps.clock.now()),
    );
    this.deadlineTimer.unref();
  }
}
