import { ApiError } from '../../api/client';
import { signInApi } from '../../api/signin';
import type { ConsoleStore, SliceCreator } from '../types';
import type { ConsolePassphraseStatus } from '../../../contract/console';

export interface SignInSlice {
  passphrase: ConsolePassphraseStatus | null;
  /** why the service refused the passphrase typed last (too short), shown beside the field */
  passphraseProblem: string | null;
  isSavingPassphrase: boolean;
  loadPassphrase(): Promise<void>;
  /** true once it is set, so the form can clear itself */
  savePassphrase(passphrase: string): Promise<boolean>;
  removePassphrase(): Promise<void>;
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
  savePassphrase: async (passphrase) => {
    const wasSet = get().passphrase?.isSet ?? false;
    set({ isSavingPassphrase: true, passphraseProblem: null });
    try {
      set({ passphrase: await signInApi.setPassphrase(passphrase) });
      get().toast('success', wasSet ? 'Passphrase changed.' : 'Passphrase set: sign in from another browser at /console/login.');
      return true;
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) set({ passphraseProblem: err.message });
      else get().fail(err, 'Could not set the passphrase');
      return false;
    } finally {
      set({ isSavingPassphrase: false });
    }
  },
  removePassphrase: async () => {
    try {
      set({ passphrase: await signInApi.removePassphrase(), passphraseProblem: null });
      get().toast('success', 'Passphrase removed: only sign-in links open the console now.');
    } catch (err) {
      get().fail(err, 'Could not remove the passphrase');
    }
  },
});

export const selectPassphrase = (s: ConsoleStore) => s.passphrase;
export const selectPassphraseProblem = (s: ConsoleStore) => s.passphraseProblem;
export const selectIsSavingPassphrase = (s: ConsoleStore) => s.isSavingPassphrase;
export const selectSignInActions = (s: ConsoleStore) => ({
  loadPassphrase: s.loadPassphrase, savePassphrase: s.savePassphrase, removePassphrase: s.removePassphrase,
});
