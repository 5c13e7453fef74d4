// A small stand-in for the `electron` module, shaped by main/app/electron-port.ts (which the real
// module is type-checked against). It records what main asks of Electron and lets a test play
// Electron's part: fire events, navigate, open windows, invoke IPC, ask for permissions, keep cookies.
import { EventEmitter } from 'node:events';
import { vi } from 'vitest';
import type {
  AppPort,
  BrowserWindowPort,
  ConsoleCookie,
  CookiesPort,
  ElectronPort,
  IpcEventPort,
  IpcMainPort,
  LoginItemPort,
  MenuItemTemplate,
  MenuPort,
  NotificationPort,
  PermissionSessionPort,
  PreventableEvent,
  SessionPort,
  TrayPort,
  WebContentsPort,
  WindowOpenDetails,
  WindowOptions,
} from '../../main/app/electron-port';
import type { ReceiptPrintOptions } from '../../main/print/print-receipt';
import type { PrintWindowOptions, PrintWindowPort } from '../../main/print/print-window';

type Listener = (...args: never[]) => unknown;

export interface FakeEvent extends PreventableEvent {
  isPrevented: boolean;
}

export const fakeEvent = (): FakeEvent => {
  const event = {
    isPrevented: false,
    preventDefault: () => {
      event.isPrevented = true;
    },
  };
  return event;
};

let nextContentsId = 1;

export class FakeWebContents implements WebContentsPort {
  readonly id = nextContentsId++;
  readonly events = new EventEmitter();
  windowOpenHandler: ((details: WindowOpenDetails) => { action: 'deny' }) | null = null;

  setWindowOpenHandler(handler: (details: WindowOpenDetails) => { action: 'deny' }): void {
    this.windowOpenHandler = handler;
  }

  on(event: string, listener: Listener): this {
    this.events.on(event, listener as (...args: unknown[]) => void);
    return this;
  }

  /** A page navigating its top frame (a link click, location.href = …); true if main let it happen. */
  navigate(url: string): boolean {
    const event = fakeEvent();
    this.events.emit('will-navigate', event, url);
    return !event.isPrevented;
  }

  redirect(url: string): boolean {
    const event = fakeEvent();
    this.events.emit('will-redirect', event, url);
    return !event.isPrevented;
  }

  attachWebview(): boolean {
    const event = fakeEvent();
    this.events.emit('will-attach-webview', event);
    return !event.isPrevented;
  }

  /** window.open or a target=_blank link. */
  openWindow(url: string): { action: string } {
    if (!this.windowOpenHandler) throw new Error('no window open handler installed');
    return this.windowOpenHandler({ url });
  }
}

export class FakeApp extends EventEmitter implements AppPort, LoginItemPort {
  readonly quit = vi.fn(() => this.emitQuit());
  hasQuit = false;
  /** what the OS keeps for the login item; `wasOpenedAtLogin` is what macOS reports at launch */
  loginItem: { openAtLogin: boolean; args: string[]; wasOpenedAtLogin: boolean } = {
    openAtLogin: false,
    args: [],
    wasOpenedAtLogin: false,
  };
  readonly setLoginItemSettings = vi.fn((settings: { openAtLogin: boolean; args?: string[] }) => {
    this.loginItem = { ...this.loginItem, openAtLogin: settings.openAtLogin, args: settings.args ?? [] };
  });

  getLoginItemSettings(_options?: { args?: string[] }): { openAtLogin: boolean; wasOpenedAtLogin?: boolean } {
    return { openAtLogin: this.loginItem.openAtLogin, wasOpenedAtLogin: this.loginItem.wasOpenedAtLogin };
  }
  private resolveReady: () => void = () => undefined;
  private readonly ready = new Promise<void>((resolve) => {
    this.resolveReady = resolve;
  });

  constructor(private readonly options: { lockGranted: boolean; userData: string }) {
    super();
  }

  requestSingleInstanceLock(): boolean {
    return this.options.lockGranted;
  }

  whenReady(): Promise<void> {
    return this.ready;
  }

  /** Electron emits ready once; until then main must not touch post-ready APIs. */
  becomeReady(): void {
    this.resolveReady();
  }

  getPath(_name: 'userData'): string {
    return this.options.userData;
  }

  getVersion(): string {
    return '45.4.1';
  }

  /** Like app.quit(): before-quit may be prevented, which cancels this quit. */
  private emitQuit(): void {
    const event = fakeEvent();
    this.emit('before-quit', event);
    if (!event.isPrevented) this.hasQuit = true;
  }
}

export class FakeIpcMain implements IpcMainPort {
  readonly handlers = new Map<string, (event: IpcEventPort, ...args: unknown[]) => unknown>();

  handle(channel: string, listener: (event: IpcEventPort, ...args: unknown[]) => unknown): void {
    if (this.handlers.has(channel)) throw new Error(`second handler for ${channel}`);
    this.handlers.set(channel, listener);
  }

  /** ipcRenderer.invoke from a frame: the promise rejects when the handler throws, as in Electron. */
  async invoke(
    channel: string,
    sender: { contentsId: number; frameUrl: string | null; isMainFrame?: boolean },
    ...args: unknown[]
  ): Promise<unknown> {
    const handler = this.handlers.get(channel);
    if (!handler) throw new Error(`No handler registered for '${channel}'`);
    const frame =
      sender.frameUrl === null ? null : { url: sender.frameUrl, parent: sender.isMainFrame === false ? {} : null };
    return handler({ sender: { id: sender.contentsId }, senderFrame: frame }, ...args);
  }
}

/** A session's cookie jar, keyed by origin and name (enough for one loopback origin). */
export class FakeCookies implements CookiesPort {
  private readonly jar = new Map<string, string>();
  readonly set = vi.fn(async (cookie: ConsoleCookie) => {
    this.jar.set(`${new URL(cookie.url).origin} ${cookie.name}`, cookie.value);
  });

  async get(filter: { url: string; name: string }): Promise<Array<{ value: string }>> {
    const value = this.valueOf(filter.url, filter.name);
    return value === undefined ? [] : [{ value }];
  }

  valueOf(url: string, name: string): string | undefined {
    return this.jar.get(`${new URL(url).origin} ${name}`);
  }
}

export class FakeSession implements SessionPort {
  readonly cookies = new FakeCookies();
  requestHandler: Parameters<PermissionSessionPort['setPermissionRequestHandler']>[0] | null = null;
  checkHandler: Parameters<PermissionSessionPort['setPermissionCheckHandler']>[0] | null = null;

  setPermissionRequestHandler(handler: Parameters<PermissionSessionPort['setPermissionRequestHandler']>[0]): void {
    this.requestHandler = handler;
  }

  setPermissionCheckHandler(handler: Parameters<PermissionSessionPort['setPermissionCheckHandler']>[0]): void {
    this.checkHandler = handler;
  }

  /** A page asking for a permission; resolves with Electron's answer to it. */
  request(permission: string, requestingUrl: string): Promise<boolean> {
    const handler = this.requestHandler;
    if (!handler) throw new Error('no permission request handler installed');
    return new Promise((resolve) => handler(null, permission, resolve, { requestingUrl }));
  }
}

// --- Staying up: the tray, its menu and desktop notifications ---

export class FakeMenu implements MenuPort {
  constructor(readonly template: MenuItemTemplate[]) {}
  get items(): readonly unknown[] {
    return this.template;
  }

  /** The item a person would click, by its label. */
  item(label: string): MenuItemTemplate {
    const found = this.template.find((t) => t.label === label);
    if (!found) throw new Error(`no menu item "${label}" in ${JSON.stringify(this.template.map((t) => t.label))}`);
    return found;
  }

  /** A click as Electron makes it: a checkbox flips first, then `click` gets the item. */
  click(label: string): void {
    const item = this.item(label);
    const checked = item.type === 'checkbox' ? !item.checked : Boolean(item.checked);
    item.click?.({ checked });
  }
}

export class FakeTray extends EventEmitter implements TrayPort {
  toolTip = '';
  menu: FakeMenu | null = null;
  constructor(readonly image: string) {
    super();
  }
  setToolTip(toolTip: string): void {
    this.toolTip = toolTip;
  }
  setContextMenu(menu: MenuPort | null): void {
    this.menu = menu as FakeMenu | null;
  }
}

export class FakeNotification extends EventEmitter implements NotificationPort {
  shown = false;
  constructor(readonly options: { title: string; body: string }) {
    super();
  }
  show(): void {
    this.shown = true;
  }
  /** the person clicking it */
  click(): void {
    this.emit('click');
  }
}

export interface FakeElectron extends ElectronPort {
  app: FakeApp;
  Tray: new (image: string) => FakeTray;
  Menu: { buildFromTemplate(template: MenuItemTemplate[]): FakeMenu };
  Notification: { new (options: { title: string; body: string }): FakeNotification; isSupported(): boolean };
  trays: FakeTray[];
  notifications: FakeNotification[];
  /** what Notification.isSupported() answers */
  notificationsSupported: boolean;
  ipcMain: FakeIpcMain;
  session: { defaultSession: FakeSession; fromPartition(partition: string): FakeSession };
  shell: { openExternal: ReturnType<typeof vi.fn<(url: string) => Promise<void>>> };
  dialog: { showErrorBox: ReturnType<typeof vi.fn<(title: string, content: string) => void>> };
  windows: FakeBrowserWindow[];
}

export interface FakeBrowserWindow extends BrowserWindowPort {
  readonly options: WindowOptions;
  readonly webContents: FakeWebContents;
  loadedUrls: string[];
  focused: number;
  minimized: boolean;
  destroyed: boolean;
  emit(event: string): void;
}

export function createFakeElectron(options: { lockGranted?: boolean; userData: string }): FakeElectron {
  const app = new FakeApp({ lockGranted: options.lockGranted ?? true, userData: options.userData });
  let isReady = false;
  void app.whenReady().then(() => {
    isReady = true;
  });
  const windows: FakeBrowserWindow[] = [];
  const partitions = new Map<string, FakeSession>();
  const fromPartition = (partition: string): FakeSession => {
    if (!isReady) throw new Error('session.fromPartition before ready');
    const known = partitions.get(partition) ?? new FakeSession();
    partitions.set(partition, known);
    return known;
  };

  class BrowserWindow extends EventEmitter implements FakeBrowserWindow {
    readonly webContents = new FakeWebContents();
    loadedUrls: string[] = [];
    focused = 0;
    minimized = false;
    destroyed = false;

    constructor(readonly options: WindowOptions) {
      super();
      if (!isReady) throw new Error('Cannot create BrowserWindow before app is ready');
      windows.push(this);
      // Electron announces every new webContents on the app.
      app.emit('web-contents-created', fakeEvent(), this.webContents);
    }

    async loadURL(url: string): Promise<void> {
      this.loadedUrls.push(url);
    }

    isDestroyed(): boolean {
      return this.destroyed;
    }
    isMinimized(): boolean {
      return this.minimized;
    }
    restore(): void {
      this.minimized = false;
    }
    show(): void {}
    focus(): void {
      this.focused += 1;
    }
  }

  const trays: FakeTray[] = [];
  const notifications: FakeNotification[] = [];
  class Tray extends FakeTray {
    constructor(image: string) {
      if (!isReady) throw new Error('Cannot create Tray before app is ready');
      super(image);
      trays.push(this);
    }
  }
  class Notification extends FakeNotification {
    static isSupported(): boolean {
      return fake.notificationsSupported;
    }
    constructor(options: { title: string; body: string }) {
      super(options);
      notifications.push(this);
    }
  }

  const fake: FakeElectron = {
    app,
    Tray,
    Menu: { buildFromTemplate: (template) => new FakeMenu(template) },
    Notification,
    trays,
    notifications,
    notificationsSupported: true,
    BrowserWindow,
    ipcMain: new FakeIpcMain(),
    session: { defaultSession: new FakeSession(), fromPartition },
    shell: { openExternal: vi.fn(async (_url: string) => undefined) },
    dialog: { showErrorBox: vi.fn((_title: string, _content: string) => undefined) },
    windows,
  };
  return fake;
}

// --- Printing: the hidden window a receipt prints from (main/print/print-window.ts) ---

/**
 * Electron's BrowserWindow as a print window: records what it loaded and the print options, and
 * plays the print dialog's answer (`dialog`: printed, closed by the owner, or a driver failure).
 */
export class FakePrintWindow implements PrintWindowPort {
  static readonly opened: FakePrintWindow[] = [];
  static dialog: 'print' | 'cancel' | 'fail' = 'print';
  static loadFails = false;
  loadedUrls: string[] = [];
  printedWith: ReceiptPrintOptions[] = [];
  destroyed = false;
  readonly webContents = {
    print: (options: ReceiptPrintOptions, callback: (success: boolean, failureReason: string) => void): void => {
      if (this.loadedUrls.length === 0) throw new Error('print before the page loaded');
      this.printedWith.push(options);
      const answer = FakePrintWindow.dialog;
      setImmediate(() =>
        callback(answer === 'print', answer === 'cancel' ? 'cancelled' : answer === 'fail' ? 'failed' : ''),
      );
    },
  };

  constructor(readonly options: PrintWindowOptions) {
    FakePrintWindow.opened.push(this);
  }

  async loadURL(url: string): Promise<void> {
    if (FakePrintWindow.loadFails) throw new Error(`ERR_CONNECTION_REFUSED (-102) loading '${url}'`);
    this.loadedUrls.push(url);
  }

  isDestroyed(): boolean {
    return this.destroyed;
  }
  destroy(): void {
    this.destroyed = true;
  }

  static reset(): void {
    FakePrintWindow.opened.length = 0;
    FakePrintWindow.dialog = 'print';
    FakePrintWindow.loadFails = false;
  }
}
