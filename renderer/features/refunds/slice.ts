import type { Wallet } from '@tonconnect/sdk';
import { ApiError } from '../../api/client';
import { formatAssetAmount } from '../../lib/format';
import { refundsApi } from './api';
import type { CreateRefundRequest, OutgoingTransfer, PublicRefund } from '../../../contract/refunds';
import type { TonConnectNetwork } from '../../../contract/wallet-connect';
import type { ConsoleStore, SliceCreator } from '../../store/types';
import type { WalletChoice, WalletConnector } from '../wallet-proof/wallet-connector';

/** Where a waiting refund's Send with my wallet stands; the refund draws each step in words. */
export type RefundWalletStep =
  | { step: 'loading' }
  | { step: 'choose'; wallets: WalletChoice[] }
  | { step: 'connecting'; walletName: string; link: string | null }
  | { step: 'confirm' }
  | { step: 'sent' }
  | { step: 'declined' }
  /** the connected wallet is not the store's: `storeWallet` is the one to connect, as the service named it */
  | { step: 'wrong-wallet'; storeWallet: string | null }
  | { step: 'failed'; message: string };

export interface RefundWallet {
  refundId: string;
  paymentId: string;
  state: RefundWalletStep;
}

export interface RefundsSlice {
  /** the refunds of the payment on screen, oldest first */
  refunds: PublicRefund[];
  refundsFor: string | null;
  /** the field the last refund request was refused on, with why: shown next to it */
  refundProblem: { field: string | null; message: string } | null;
  /** the wallet's recent sends and bounces, with the refund each was */
  outgoing: OutgoingTransfer[] | null;
  loadRefunds(paymentId: string): Promise<void>;
  loadOutgoing(): Promise<void>;
  createRefund(paymentId: string, request: CreateRefundRequest): Promise<PublicRefund | null>;
  cancelRefund(paymentId: string, refundId: string): Promise<void>;
  /** a refund's new state, from the live stream or the simulator: shown at once on its payment */
  receiveRefund(refund: PublicRefund): void;
  /** the waiting refund being sent with the merchant's connected wallet, and where that stands */
  refundWallet: RefundWallet | null;
  openRefundWallet(refund: PublicRefund): Promise<void>;
  chooseRefundWallet(choice: WalletChoice): Promise<void>;
  /** after a decline: the same wallet is asked again; without a connection, the wallets are listed again */
  retryRefundWallet(): Promise<void>;
  closeRefundWallet(): Promise<void>;
}

const problemOf = (err: unknown): RefundsSlice['refundProblem'] =>
  err instanceof ApiError
    ? { field: err.field ?? null, message: err.message }
    : { field: null, message: 'The service could not be reached; try again' };

// Made on the first tap, not with the console (as Settings does): until the merchant asks, no wallet
// list is loaded and no bridge is opened. Its own instance: Settings' connection asks for a proof.
let connector: Promise<WalletConnector> | null = null;
let connected: Wallet | null = null;

/** The store's wallet the service named in its refusal ("Connect the store's wallet 0Q…: …"). */
const storeWalletIn = (message: string): string | null => /wallet (\S+):/.exec(message)?.[1] ?? null;

const errorText = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** Send with my wallet: connect (no proof needed), ask the service for the refund's transfer, have the wallet send it. */
const createRefundWalletActions: SliceCreator<
  Pick<
    RefundsSlice,
    'refundWallet' | 'openRefundWallet' | 'chooseRefundWallet' | 'retryRefundWallet' | 'closeRefundWallet'
  >
> = (set, get) => {
  /** Moves the refund's step on, unless the merchant has closed it or turned to another refund meanwhile. */
  const step = (refundId: string, state: RefundWalletStep) => {
    const current = get().refundWallet;
    if (current?.refundId === refundId) set({ refundWallet: { ...current, state } });
  };
  const disconnect = async () => {
    connected = null;
    if (connector) await (await connector).stop();
  };

  const send = async () => {
    const target = get().refundWallet;
    const wallet = connected;
    if (!target || !wallet) return;
    step(target.refundId, { step: 'confirm' });
    try {
      const request = await refundsApi.walletRequest(target.paymentId, target.refundId, {
        from: wallet.account.address,
        network: wallet.account.chain as TonConnectNetwork,
      });
      const outcome = await (await sdk()).send(request);
      step(target.refundId, outcome === 'sent' ? { step: 'sent' } : { step: 'declined' });
    } catch (err) {
      if (err instanceof ApiError && err.status === 409 && err.field === 'from') {
        step(target.refundId, { step: 'wrong-wallet', storeWallet: storeWalletIn(err.message) });
        await disconnect();
      } else step(target.refundId, { step: 'failed', message: err instanceof ApiError ? err.message : errorText(err) });
    }
  };

  const sdk = () =>
    (connector ??= import('../wallet-proof/wallet-connector').then(
      ({ WalletConnector }) =>
        new WalletConnector(
          (wallet) => {
            connected = wallet;
            void send();
          },
          (message) => {
            const target = get().refundWallet;
            if (target) step(target.refundId, { step: 'failed', message: `The wallet refused: ${message}` });
          },
        ),
    ));

  const open = async (refund: Pick<PublicRefund, 'id' | 'paymentId'>) => {
    await disconnect();
    set({ refundWallet: { refundId: refund.id, paymentId: refund.paymentId, state: { step: 'loading' } } });
    try {
      step(refund.id, { step: 'choose', wallets: await (await sdk()).choices() });
    } catch (err) {
      step(refund.id, { step: 'failed', message: errorText(err) });
    }
  };

  return {
    refundWallet: null,
    openRefundWallet: open,
    chooseRefundWallet: async (choice) => {
      const target = get().refundWallet;
      if (!target) return;
      step(target.refundId, { step: 'connecting', walletName: choice.name, link: null });
      try {
        const link = await (await sdk()).connect(choice.appName);
        // an injected wallet may have answered already; a remote one waits on its QR
        if (link && get().refundWallet?.state.step === 'connecting')
          step(target.refundId, { step: 'connecting', walletName: choice.name, link });
      } catch (err) {
        step(target.refundId, { step: 'failed', message: errorText(err) });
      }
    },
    retryRefundWallet: async () => {
      const target = get().refundWallet;
      if (!target) return;
      if (connected) await send();
      else await open({ id: target.refundId, paymentId: target.paymentId });
    },
    closeRefundWallet: async () => {
      set({ refundWallet: null });
      await disconnect();
    },
  };
};

export const createRefundsSlice: SliceCreator<RefundsSlice> = (set, get, store) => ({
  ...createRefundWalletActions(set, get, store),
  refunds: [],
  refundsFor: null,
  refundProblem: null,
  outgoing: null,

  loadOutgoing: async () => {
    try {
      set({ outgoing: (await refundsApi.outgoing()).items });
    } catch (err) {
      get().fail(err, 'Could not load what the wallet sent');
    }
  },

  loadRefunds: async (paymentId) => {
    if (get().refundsFor !== paymentId) set({ refunds: [], refundsFor: paymentId, refundProblem: null });
    try {
      const { items } = await refundsApi.list(paymentId);
      if (get().refundsFor === paymentId) set({ refunds: items });
    } catch (err) {
      get().fail(err, 'Could not load the refunds');
    }
  },

  createRefund: async (paymentId, request) => {
    set({ refundProblem: null });
    try {
      const refund = await refundsApi.create(paymentId, request);
      get().toast(
        'success',
        `Refund of ${formatAssetAmount(refund.amount, refund.asset)} ready: send it from the store's wallet`,
      );
      await get().loadRefunds(paymentId);
      return refund;
    } catch (err) {
      set({ refundProblem: problemOf(err) });
      return null;
    }
  },

  cancelRefund: async (paymentId, refundId) => {
    try {
      await refundsApi.cancel(paymentId, refundId);
      get().toast('success', 'Refund cancelled');
      await get().loadRefunds(paymentId);
    } catch (err) {
      get().fail(err, 'Could not cancel the refund');
    }
  },

  receiveRefund: (refund) => {
    if (get().refundsFor !== refund.paymentId) return;
    const { refunds } = get();
    const known = refunds.some((r) => r.id === refund.id);
    // a frame replayed after a newer answer of the service must not turn the refund back
    const isNewer = (r: PublicRefund) => Date.parse(refund.updatedAt) >= Date.parse(r.updatedAt);
    set({
      refunds: known ? refunds.map((r) => (r.id === refund.id && isNewer(r) ? refund : r)) : [...refunds, refund],
    });
    // sent (or cancelled): the wallet's part is over, the refund's row says the rest
    if (get().refundWallet?.refundId === refund.id && refund.status !== 'awaiting_signature')
      void get().closeRefundWallet();
  },
});

export const selectRefunds = (s: ConsoleStore) => s.refunds;
export const selectRefundProblem = (s: ConsoleStore) => s.refundProblem;
export const selectOutgoing = (s: ConsoleStore) => s.outgoing;
export const selectRefundActions = (s: ConsoleStore) => ({
  loadOutgoing: s.loadOutgoing,
  loadRefunds: s.loadRefunds,
  createRefund: s.createRefund,
  cancelRefund: s.cancelRefund,
  receiveRefund: s.receiveRefund,
});
export const selectRefundWallet = (s: ConsoleStore) => s.refundWallet;
export const selectRefundWalletActions = (s: ConsoleStore) => ({
  openRefundWallet: s.openRefundWallet,
  chooseRefundWallet: s.chooseRefundWallet,
  retryRefundWallet: s.retryRefundWallet,
  closeRefundWallet: s.closeRefundWallet,
});
