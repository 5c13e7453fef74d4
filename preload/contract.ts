/**
 * The desktop bridge: what preload exposes as `window.tontill` and what main answers over IPC.
 * A leaf module with no imports, so the renderer can `import type` it and main can import the
 * channel names without pulling anything else across the layer boundary.
 */

/** The console session main created for this launch; the renderer sends it as `Authorization: Bearer`. */
export interface DesktopSession {
  token: string;
  /** the in-process service on loopback; the console itself uses same-origin relative URLs */
  serviceUrl: string;
}

export interface DesktopAppInfo {
  version: string;
  dataDir: string;
}

export interface DesktopApi {
  /** Always a live session: main issues a fresh one if the last expired or was logged out. */
  getSession(): Promise<DesktopSession>;
  /** Opens an http(s) URL in the system browser; false when the URL was refused. */
  openExternal(url: string): Promise<boolean>;
  appInfo(): Promise<DesktopAppInfo>;
}

/** One IPC channel per bridge method, named `domain:verb`. */
export const IPC_CHANNELS = {
  getSession: 'session:get',
  openExternal: 'external:open',
  appInfo: 'app:get-info',
} as const satisfies Record<keyof DesktopApi, string>;

export type IpcChannel = (typeof IPC_CHANNELS)[keyof DesktopApi];

/** The global the bridge lives on: `window.tontill`. */
export const DESKTOP_API_KEY = 'tontill';
