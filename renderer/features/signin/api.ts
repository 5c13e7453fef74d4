import { get, post, request } from '../../api/client';
import {
  ConsoleLoginLinkSchema,
  ConsolePassphraseStatusSchema,
  type RemoveConsolePassphraseBody,
  type SetConsolePassphraseBody,
} from '../../../contract/console';

/** Ways into the console besides this session: fresh login links and the owner's passphrase. */
export const signInApi = {
  loginLink: () => post(ConsoleLoginLinkSchema, '/login-links'),
  passphrase: () => get(ConsolePassphraseStatusSchema, '/passphrase'),
  setPassphrase: (body: SetConsolePassphraseBody) => request(ConsolePassphraseStatusSchema, 'PUT', '/passphrase', body),
  removePassphrase: (body: RemoveConsolePassphraseBody) =>
    request(ConsolePassphraseStatusSchema, 'DELETE', '/passphrase', body),
};
