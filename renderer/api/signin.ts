import { get, post, request } from './client';
import { ConsoleLoginLinkSchema, ConsolePassphraseStatusSchema, type SetConsolePassphraseBody } from '../../contract/console';

/** Ways into the console besides this session: fresh login links and the owner's passphrase. */
export const signInApi = {
  loginLink: () => post(ConsoleLoginLinkSchema, '/login-links'),
  passphrase: () => get(ConsolePassphraseStatusSchema, '/passphrase'),
  setPassphrase: (passphrase: string) => request(ConsolePassphraseStatusSchema, 'PUT', '/passphrase', { passphrase } satisfies SetConsolePassphraseBody),
  removePassphrase: () => request(ConsolePassphraseStatusSchema, 'DELETE', '/passphrase'),
};
