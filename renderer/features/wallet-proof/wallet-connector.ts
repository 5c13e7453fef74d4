import {
  isWalletInfoCurrentlyInjected,
  isWalletInfoRemote,
  TonConnect,
  UserRejectsError,
  type IStorage,
  type SendTransactionRequest,
  type Wallet,
  type WalletInfo,
} from '@tonconnect/sdk';
import type { WalletTransferRequest } from '../../../contract/wallet-connect';
import type { WalletProofBody } from '../../../contract/wallet-proof';

/** A wallet the console offers: its name only (no remote icon), and how it connects. */
export interface WalletChoice {
  name: string;
  appName: string;
  /** in this browser (an extension, or the wallet's own browser): connects through its JS bridge */
  injected: boolean;
}

/** The session lasts as long as the page: nothing of it is kept in the merchant's browser. */
function memoryStorage(): IStorage {
  const items = new Map<string, string>();
  return {
    setItem: async (key, value) => void items.set(key, value),
    getItem: async (key) => items.get(key) ?? null,
    removeItem: async (key) => void items.delete(key),
  };
}

/** What a connection with ton_proof gives, as the service's POST /wallet-proof takes it; null without a proof. */
export function proofBodyOf(wallet: Wallet): WalletProofBody | null {
  const proof = wallet.connectItems?.tonProof;
  if (!proof || !('proof' in proof)) return null;
  const { address, chain, walletStateInit, publicKey } = wallet.account;
  return {
    account: { address, chain, walletStateInit, ...(publicKey ? { publicKey } : {}) },
    proof: proof.proof,
    walletName: wallet.device.appName,
  };
}

/** How the wallet answered a transfer request: signed and sent, or declined by the person holding it. */
export type SendOutcome = 'sent' | 'declined';

/**
 * TON Connect (@tonconnect/sdk) for the console: Settings → Connect your wallet (with ton_proof) and a
 * waiting refund's Send with my wallet (a plain connection, then sendTransaction). The service's own
 * wallets list, analytics off, so the console reaches only the service and the chosen wallet's bridge.
 * Each use makes its own instance, with its own callbacks and its own session in memory.
 */
export class WalletConnector {
  private readonly sdk: TonConnect;
  private wallets: WalletInfo[] = [];
  private pending: AbortController | null = null;

  constructor(onConnected: (wallet: Wallet) => void, onRefused: (message: string) => void) {
    this.sdk = new TonConnect({
      manifestUrl: `${location.origin}/tonconnect-manifest.json`,
      walletsListSource: `${location.origin}/tonconnect/wallets.json`,
      analytics: { mode: 'off' },
      storage: memoryStorage(),
    });
    this.sdk.onStatusChange(
      (wallet) => {
        if (wallet) onConnected(wallet);
      },
      (err) => onRefused(err.message),
    );
  }

  /** The wallets, those in this browser first. */
  async choices(): Promise<WalletChoice[]> {
    this.wallets = await this.sdk.getWallets();
    const isHere = (w: WalletInfo) => isWalletInfoCurrentlyInjected(w);
    this.wallets = [...this.wallets.filter(isHere), ...this.wallets.filter((w) => !isHere(w))];
    return this.wallets.map((w) => ({ name: w.name, appName: w.appName, injected: isHere(w) }));
  }

  /**
   * Asks the wallet to connect, signing `payload` (ton_proof) when one is given: its universal link
   * (for the QR) when it is remote, null when injected.
   */
  async connect(appName: string, payload?: string): Promise<string | null> {
    this.pending?.abort();
    if (this.sdk.connected) await this.sdk.disconnect().catch(() => undefined);
    const wallet = this.wallets.find((w) => w.appName === appName);
    if (!wallet) throw new Error(`${appName} is not in the wallets list`);
    const { signal } = (this.pending = new AbortController());
    const request = payload === undefined ? undefined : { tonProof: payload };
    if (isWalletInfoCurrentlyInjected(wallet)) {
      this.sdk.connect({ jsBridgeKey: wallet.jsBridgeKey }, { request, signal });
      return null;
    }
    if (isWalletInfoRemote(wallet))
      return this.sdk.connect(
        { universalLink: wallet.universalLink, bridgeUrl: wallet.bridgeUrl },
        { request, signal },
      );
    throw new Error(`${wallet.name} is not installed in this browser; open the console in a browser that has it`);
  }

  /** Asks the connected wallet to sign and send `request` as the service built it (the SDK refuses any extra key). */
  async send(request: WalletTransferRequest): Promise<SendOutcome> {
    try {
      await this.sdk.sendTransaction({
        validUntil: request.validUntil,
        network: request.network as SendTransactionRequest['network'],
        from: request.from,
        messages: request.messages,
      });
      return 'sent';
    } catch (err) {
      if (err instanceof UserRejectsError) return 'declined';
      throw err;
    }
  }

  /** Drops a connection still waiting (its bridge closes) or made (the proof is in). */
  async stop(): Promise<void> {
    if (this.sdk.connected) await this.sdk.disconnect().catch(() => undefined);
    else this.pending?.abort();
    this.pending = null;
  }
}
