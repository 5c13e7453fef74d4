/**
 * The slice of Electron main/ uses, as structural types. main/index.ts passes the real module,
 * so the compiler checks these shapes against electron.d.ts; tests pass a small fake instead.
 */

export interface PreventableEvent {
  preventDefault(): void;
}

export interface WindowOpenDetails {
  url: string;
}

export interface WebContentsPort {
  readonly id: number;
  setWindowOpenHandler(handler: (details: WindowOpenDetails) => { action: 'deny' }): void;
  on(event: 'will-navigate', listener: (event: PreventableEvent, url: string) => void): unknown;
  on(event: 'will-redirect', listener: (event: PreventableEvent, url: string) => void): unknown;
  on(event: 'will-attach-webview', listener: (event: PreventableEvent) => void): unknown;
}

export interface WebPreferencesOptions {
  preload: string;
  partition: string;
  contextIsolation: boolean;
  sandbox: boolean;
  nodeIntegration: boolean;
  nodeIntegrationInSubFrames: boolean;
  nodeIntegrationInWorker: boolean;
  webSecurity: boolean;
  allowRunningInsecureContent: boolean;
  webviewTag: boolean;
  experimentalFeatures: boolean;
  navigateOnDragDrop: boolean;
  spellcheck: boolean;
}

export interface WindowOptions {
  width: number;
  height: number;
  minWidth: number;
  minHeight: number;
  title: string;
  show: boolean;
  backgroundColor: string;
  autoHideMenuBar: boolean;
  webPreferences: WebPreferencesOptions;
}

export interface BrowserWindowPort {
  readonly webContents: WebContentsPort;
  loadURL(url: string): Promise<void>;
  isDestroyed(): boolean;
  isMinimized(): boolean;
  restore(): void;
  show(): void;
  focus(): void;
  once(event: 'ready-to-show', listener: () => void): unknown;
  on(event: 'closed', listener: () => void): unknown;
}

export interface AppPort {
  requestSingleInstanceLock(): boolean;
  whenReady(): Promise<void>;
  quit(): void;
  getPath(name: 'userData'): string;
  getVersion(): string;
  on(event: 'second-instance', listener: () => void): unknown;
  on(event: 'web-contents-created', listener: (event: unknown, contents: WebContentsPort) => void): unknown;
  on(event: 'before-quit', listener: (event: PreventableEvent) => void): unknown;
  on(event: 'window-all-closed', listener: () => void): unknown;
  on(event: 'activate', listener: () => void): unknown;
}

export interface IpcEventPort {
  readonly sender: { readonly id: number };
  readonly senderFrame: { readonly url: string; readonly parent: unknown } | null;
}

export interface IpcMainPort {
  handle(channel: string, listener: (event: IpcEventPort, ...args: unknown[]) => unknown): void;
}

export interface PermissionSessionPort {
  setPermissionRequestHandler(
    handler: (
      contents: unknown,
      permission: string,
      callback: (granted: boolean) => void,
      details: { requestingUrl?: string },
    ) => void,
  ): void;
  setPermissionCheckHandler(
    handler: (contents: unknown, permission: string, requestingOrigin: string) => boolean,
  ): void;
}

/** The console's session cookie as main writes it: the attributes the service's own Set-Cookie uses on loopback. */
export interface ConsoleCookie {
  url: string;
  name: string;
  value: string;
  path: string;
  httpOnly: boolean;
  secure: boolean;
  sameSite: 'strict';
}

export interface CookiesPort {
  get(filter: { url: string; name: string }): Promise<Array<{ value: string }>>;
  set(details: ConsoleCookie): Promise<void>;
}

/** A session partition: its permission handlers and its cookie jar. */
export interface SessionPort extends PermissionSessionPort {
  readonly cookies: CookiesPort;
}

/** What createDesktopApp needs from `electron`. */
export interface ElectronPort extends StayUpPort {
  app: AppPort & LoginItemPort;
  BrowserWindow: new (options: WindowOptions) => BrowserWindowPort;
  ipcMain: IpcMainPort;
  session: { readonly defaultSession: PermissionSessionPort; fromPartition(partition: string): SessionPort };
  shell: { openExternal(url: string): Promise<void> };
  dialog: { showErrorBox(title: string, content: string): void };
}

// --- Staying up: the tray, desktop notifications and the login item ---

/** A menu item as main builds it; `click` gets the item (a checkbox's new `checked`). */
export interface MenuItemTemplate {
  label?: string;
  type?: 'normal' | 'separator' | 'checkbox';
  enabled?: boolean;
  checked?: boolean;
  click?: (item: { checked: boolean }) => void;
}

/** Opaque to main: only handed back to the tray. */
export interface MenuPort {
  readonly items: readonly unknown[];
}

export interface TrayPort {
  setToolTip(toolTip: string): void;
  setContextMenu(menu: MenuPort | null): void;
  on(event: 'click', listener: () => void): unknown;
}

export interface NotificationPort {
  show(): void;
  on(event: 'click', listener: () => void): unknown;
  on(event: 'close', listener: () => void): unknown;
}

export interface LoginItemPort {
  /** macOS and Windows; `args` are passed to the app when the OS starts it at login (Windows) */
  setLoginItemSettings(settings: { openAtLogin: boolean; args?: string[] }): void;
  getLoginItemSettings(options?: { args?: string[] }): { openAtLogin: boolean; wasOpenedAtLogin?: boolean };
}

/** The parts of Electron that keep the app up with no window. */
export interface StayUpPort {
  /** takes the icon's path: a name ending in "Template" is a macOS template image */
  Tray: new (image: string) => TrayPort;
  Menu: { buildFromTemplate(template: MenuItemTemplate[]): MenuPort };
  Notification: { new (options: { title: string; body: string }): NotificationPort; isSupported(): boolean };
}
