import { isTillWalletSettled, type TillWalletSession } from '../../../../contract/till-wallet';
import { ApiError } from '../../../api/client';
import type { ConsoleStore, SliceCreator } from '../../../store/types';
import { tillWalletApi } from './api';

/** The till's "Pay with wallet" sheet: which payment it is open for, and the service's session as last read. */
export interface TillWalletPay {
  paymentId: string;
  /** null until the service answered the start */
  session: TillWalletSession | null;
  /** why the session could not be started or read, in words */
  error: string | null;
  /** the service no longer knows the session (it ended elsewhere): the till starts a new one */
  ended?: boolean;
}

export interface TillWalletPaySlice {
  /** the sheet, open on the till's payment screen; null shows the plain ton:// QR */
  tillWallet: TillWalletPay | null;
  /** Opens the sheet and starts the service's session (or joins the running one); "Try again" calls it too. */
  openTillWallet(paymentId: string): Promise<void>;
  /** Reads the session's state again (the sheet polls while it waits for the wallet). */
  refreshTillWallet(): Promise<void>;
  /** Back to the plain QR: the session ends on the service (the wallet is disconnected). */
  closeTillWallet(): Promise<void>;
}

const message = (err: unknown): string => (err instanceof Error ? err.message : String(err));

export const createTillWalletPaySlice: SliceCreator<TillWalletPaySlice> = (set, get) => ({
  tillWallet: null,
  openTillWallet: async (paymentId) => {
    const previous = get().tillWallet;
    set({
      tillWallet: { paymentId, session: previous?.paymentId === paymentId ? previous.session : null, error: null },
    });
    try {
      const session = await tillWalletApi.start(paymentId);
      if (get().tillWallet?.paymentId === paymentId) set({ tillWallet: { paymentId, session, error: null } });
    } catch (err) {
      if (get().tillWallet?.paymentId === paymentId)
        set({ tillWallet: { paymentId, session: null, error: message(err) } });
    }
  },
  refreshTillWallet: async () => {
    const open = get().tillWallet;
    if (!open?.session) return;
    try {
      const session = await tillWalletApi.get(open.paymentId);
      if (get().tillWallet?.paymentId === open.paymentId) set({ tillWallet: { ...open, session, error: null } });
    } catch (err) {
      // the service no longer has it (ended from another screen): say so; "Start again" starts afresh
      if (err instanceof ApiError && err.status === 404 && get().tillWallet?.paymentId === open.paymentId)
        set({ tillWallet: { ...open, session: null, error: 'The wallet session ended', ended: true } });
    }
  },
  closeTillWallet: async () => {
    const open = get().tillWallet;
    set({ tillWallet: null });
    if (open) await tillWalletApi.end(open.paymentId).catch(() => undefined);
  },
});

export const selectTillWallet = (s: ConsoleStore) => s.tillWallet;
/** The sheet still waits for something to happen in the wallet: the till keeps reading the session. */
export const selectTillWalletWaiting = (s: ConsoleStore) =>
  s.tillWallet?.session ? !isTillWalletSettled(s.tillWallet.session.state) : false;
export const selectTillWalletActions = (s: ConsoleStore) => ({
  openTillWallet: s.openTillWallet,
  refreshTillWallet: s.refreshTillWallet,
  closeTillWallet: s.closeTillWallet,
});
