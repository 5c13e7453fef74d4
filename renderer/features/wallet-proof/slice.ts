import type { Wallet } from '@tonconnect/sdk';
import type { ConsoleStore, SliceCreator } from '../../store/types';
import type { WalletProofView } from '../../../contract/wallet-proof';
import { walletProofApi } from './api';
import type { WalletChoice, WalletConnector } from './wallet-connector';

/** Where Connect your wallet stands; the section draws each step. */
export type WalletConnectStep =
  | { step: 'idle' }
  | { step: 'loading' }
  | { step: 'choose'; wallets: WalletChoice[] }
  | { step: 'connecting'; walletName: string; link: string | null }
  | { step: 'verifying' }
  | { step: 'failed'; message: string };

export interface WalletProofSlice {
  walletProof: WalletProofView | null;
  walletConnect: WalletConnectStep;
  loadWalletProof(): Promise<void>;
  openWalletChoices(): Promise<void>;
  chooseWallet(choice: WalletChoice): Promise<void>;
  cancelWalletConnect(): Promise<void>;
}

/** A wallet address as a person compares it: its start and its end. */
export const shortWalletAddress = (address: string): string =>
  address.length > 14 ? `${address.slice(0, 6)}…${address.slice(-6)}` : address;

// The SDK (and its connection) is made on the first tap, not with the console: until the owner
// asks, the console loads no wallet list and opens no bridge.
let connector: Promise<WalletConnector> | null = null;

export const createWalletProofSlice: SliceCreator<WalletProofSlice> = (set, get) => {
  const failed = (message: string) => set({ walletConnect: { step: 'failed', message } });

  /** The wallet answered with its proof: the service verifies it and makes it the receiving wallet. */
  const prove = async (wallet: Wallet) => {
    const { proofBodyOf } = await import('./wallet-connector');
    const body = proofBodyOf(wallet);
    if (!body) return failed('The wallet connected without signing the proof; connect it again.');
    // the name the list showed ("Tonkeeper"), rather than the app's id ("tonkeeper")
    const asked = get().walletConnect;
    if (asked.step === 'connecting') body.walletName = asked.walletName;
    set({ walletConnect: { step: 'verifying' } });
    try {
      set({ walletProof: await walletProofApi.prove(body), walletConnect: { step: 'idle' } });
      get().toast('success', 'Wallet proven. Payments go to it from now on.');
    } catch (err) {
      failed(get().fail(err, 'The wallet was not accepted')?.message ?? String(err));
    }
    await (await sdk()).stop();
  };

  const sdk = () =>
    (connector ??= import('./wallet-connector').then(
      ({ WalletConnector }) =>
        new WalletConnector(
          (wallet) => void prove(wallet),
          (message) => failed(`The wallet refused: ${message}`),
        ),
    ));

  return {
    walletProof: null,
    walletConnect: { step: 'idle' },
    loadWalletProof: async () => {
      try {
        set({ walletProof: await walletProofApi.get() });
      } catch (err) {
        get().fail(err, 'Could not load the proven wallet');
      }
    },
    openWalletChoices: async () => {
      set({ walletConnect: { step: 'loading' } });
      try {
        set({ walletConnect: { step: 'choose', wallets: await (await sdk()).choices() } });
      } catch (err) {
        failed(err instanceof Error ? err.message : String(err));
      }
    },
    chooseWallet: async (choice) => {
      try {
        const { payload } = await walletProofApi.payload();
        set({ walletConnect: { step: 'connecting', walletName: choice.name, link: null } });
        const link = await (await sdk()).connect(choice.appName, payload);
        // an injected wallet may have answered already; a remote one waits on its QR
        if (link && get().walletConnect.step === 'connecting')
          set({ walletConnect: { step: 'connecting', walletName: choice.name, link } });
      } catch (err) {
        failed(get().fail(err, 'Could not connect the wallet')?.message ?? String(err));
      }
    },
    cancelWalletConnect: async () => {
      set({ walletConnect: { step: 'idle' } });
      if (connector) await (await connector).stop();
    },
  };
};

export const selectWalletProof = (s: ConsoleStore) => s.walletProof;
export const selectWalletConnect = (s: ConsoleStore) => s.walletConnect;
export const selectWalletProofActions = (s: ConsoleStore) => ({
  loadWalletProof: s.loadWalletProof,
  openWalletChoices: s.openWalletChoices,
  chooseWallet: s.chooseWallet,
  cancelWalletConnect: s.cancelWalletConnect,
});
