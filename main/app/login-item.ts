import type { LoginItemPort } from './electron-port';

/** The flag the login item starts the app with: straight to the tray, no window in the owner's face. */
export const HIDDEN_FLAG = '--hidden';
const LOGIN_ARGS = [HIDDEN_FLAG];

export interface LoginItem {
  /** what the OS has registered (the owner may have removed it in the system settings) */
  isEnabled(): boolean;
  set(openAtLogin: boolean): void;
}

export function createLoginItem(app: LoginItemPort): LoginItem {
  return {
    // Windows keys the entry by its args, so the read asks with the same ones.
    isEnabled: () => app.getLoginItemSettings({ args: LOGIN_ARGS }).openAtLogin,
    set: (openAtLogin) => app.setLoginItemSettings({ openAtLogin, args: LOGIN_ARGS }),
  };
}

/** Started by the OS at login: Windows passes the flag; macOS ignores args but says so itself. */
export function wasStartedAtLogin(app: LoginItemPort, argv: readonly string[]): boolean {
  return argv.includes(HIDDEN_FLAG) || app.getLoginItemSettings().wasOpenedAtLogin === true;
}
