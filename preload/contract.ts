/**
 * The desktop bridge's channels: what preload exposes as `window.tontill` is typed by DesktopApi in
 * contract/desktop.ts (its payloads are part of the wire contract); this file names the IPC channel
 * behind each method. It imports types only, so main can import the channel names and the sandboxed
 * preload bundle carries nothing else.
 */
import type { DesktopApi } from '../contract/desktop';

/** One IPC channel per bridge method, named `domain:verb`. */
export const IPC_CHANNELS = {
  getSession: 'session:get',
  openExternal: 'external:open',
  appInfo: 'app:get-info',
  getPreferences: 'preferences:get',
  setPreferences: 'preferences:set',
  updateState: 'updates:get-state',
  printReceipt: 'receipt:print',
} as const satisfies Record<keyof DesktopApi, string>;

export type IpcChannel = (typeof IPC_CHANNELS)[keyof DesktopApi];

/** The global the bridge lives on: `window.tontill`. */
export const DESKTOP_API_KEY = 'tontill';
