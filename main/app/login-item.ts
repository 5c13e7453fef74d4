import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LoginItemPort } from './electron-port';

/** The flag the login item starts the app with: straight to the tray, no window in the owner's face. */
export const HIDDEN_FLAG = '--hidden';
const LOGIN_ARGS = [HIDDEN_FLAG];

export interface LoginItem {
  /** what the OS has registered (the owner may have removed it in the system settings) */
  isEnabled(): boolean;
  set(openAtLogin: boolean): void;
}

export interface LinuxAutostart {
  /** `$XDG_CONFIG_HOME/autostart` (or `~/.config/autostart`) */
  dir: string;
  /** how to start this app: the executable (an AppImage's own path), and the script when unpackaged */
  command: string[];
}

/** A desktop entry's Exec quoting: every argument in double quotes, its `"`, backquote, `$` and `\\` escaped. */
const execQuote = (arg: string) => `"${arg.replace(/["`$\\]/g, (c) => `\\${c}`)}"`;

export const autostartEntry = (command: string[]): string =>
  [
    '[Desktop Entry]',
    'Type=Application',
    'Name=TonTill',
    'Comment=USDT payments on TON: keeps watching for payments in the tray',
    `Exec=${[...command, HIDDEN_FLAG].map(execQuote).join(' ')}`,
    'Terminal=false',
    'X-GNOME-Autostart-enabled=true',
    '',
  ].join('\n');

/** Electron's login item exists on macOS and Windows only; Linux desktops start what `autostart/` lists (XDG). */
function linuxLoginItem(autostart: LinuxAutostart): LoginItem {
  const file = join(autostart.dir, 'tontill.desktop');
  return {
    isEnabled: () => existsSync(file),
    set(openAtLogin) {
      if (!openAtLogin) return rmSync(file, { force: true });
      mkdirSync(autostart.dir, { recursive: true });
      writeFileSync(file, autostartEntry(autostart.command));
    },
  };
}

export function createLoginItem(app: LoginItemPort, linux: LinuxAutostart | null): LoginItem {
  if (linux) return linuxLoginItem(linux);
  return {
    // Windows keys the entry by its args, so the read asks with the same ones.
    isEnabled: () => app.getLoginItemSettings({ args: LOGIN_ARGS }).openAtLogin,
    set: (openAtLogin) => app.setLoginItemSettings({ openAtLogin, args: LOGIN_ARGS }),
  };
}

/** Started by the OS at login: Windows and Linux pass the flag; macOS ignores args but says so itself. */
export function wasStartedAtLogin(app: LoginItemPort, argv: readonly string[], platform: NodeJS.Platform): boolean {
  return argv.includes(HIDDEN_FLAG) || (platform === 'darwin' && app.getLoginItemSettings().wasOpenedAtLogin === true);
}
