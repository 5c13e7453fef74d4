import { ApiError } from '../../api/client';
import { settingsApi } from '../settings/api';
import { signInApi } from './api';
import type { ConsoleStore, SliceCreator } from '../../store/types';
import type { ConsolePassphraseStatus } from '../../../contract/console';

export interface SignInSlice {
  passphrase: ConsolePassphraseStatus | null;
  /** why the service refused the passphrase typed last (too short, not the current one), shown beside the field */
  passphraseProblem: string | null;
  isSavingPassphrase: boolean;
  loadPassphrase(): Promise<void>;
  /** true once it is set, so the form can clear itself; `current`: the passphrase set now, which a change needs */
  savePassphrase(passphrase: string, current?: string): Promise<boolean>;
  removePassphrase(current: string): Promise<boolean>;
  /** ends this session on the service; the console then shows how to sign in again */
  signOut(): Promise<void>;
}

export const createSignInSlice: SliceCreator<SignInSlice> = (set, get) => ({
  passphrase: null,
  passphraseProblem: null,
  isSavingPassphrase: false,
  loadPassphrase: async () => {
    try {
      set({ passphrase: await signInApi.passphrase() });
    } catch (err) {
      get().fail(err, 'Could not load the sign-in settings');
    }
  },
  savePassphrase: async (passphrase, current) => {
    const wasSet = get().passphrase?.isSet ?? false;
    set({ isSavingPassphrase: true, passphraseProblem: null });
    try {
      set({
        passphrase: await signInApi.setPassphrase({
          passphrase,
          ...(current === undefined ? {} : { currentPassphrase: current }),
        }),
      });
      get().toast(
        'success',
        wasSet ? 'Passphrase changed.' : 'Passphrase set: sign in from another browser at /console/login.',
      );
      return true;
    } catch (err) {
      if (!showBesideField(err, set)) get().fail(err, 'Could not set the passphrase');
      return false;
    } finally {
      set({ isSavingPassphrase: false });
    }
  },
  removePassphrase: async (current) => {
    set({ passphraseProblem: null });
    try {
      set({ passphrase: await signInApi.removePassphrase({ currentPassphrase: current }) });
      get().toast('success', 'Passphrase removed: only sign-in links open the console now.');
      return true;
    } catch (err) {
      if (!showBesideField(err, set)) get().fail(err, 'Could not remove the passphrase');
      return false;
    }
  },
  signOut: async () => {
    try {
      await settingsApi.logout();
      // the cookie is gone and the session ended: the same screen a refused call leads to
      set({ isUnauthorized: true });
    } catch (err) {
      get().fail(err, 'Could not sign out');
    }
  },
});

const CURRENT_PROBLEM = 'Current passphrase ';
/** Whether the problem shown is about the current passphrase (that field is marked, not the new one). */
export const isCurrentPassphraseProblem = (problem: string | null): boolean =>
  problem?.startsWith(CURRENT_PROBLEM) ?? false;

/** A refused passphrase (too short, not the current one, too many wrong ones) belongs beside the field, not in a toast. */
function showBesideField(err: unknown, set: (partial: Pick<SignInSlice, 'passphraseProblem'>) => void): boolean {
  if (!(err instanceof ApiError) || (err.status !== 400 && err.status !== 429)) return false;
  set({
    passphraseProblem:
      err.field === 'currentPassphrase' && err.status === 400 ? `${CURRENT_PROBLEM}${err.message}.` : err.message,
  });
  return true;
}

export const selectPassphrase = (s: ConsoleStore) => s.passphrase;
export const selectPassphraseProblem = (s: ConsoleStore) => s.passphraseProblem;
export const selectIsSavingPassphrase = (s: ConsoleStore) => s.isSavingPassphrase;
export const selectSignInActions = (s: ConsoleStore) => ({
  loadPassphrase: s.loadPassphrase,
  savePassphrase: s.savePassphrase,
  removePassphrase: s.removePassphrase,
  signOut: s.signOut,
});
