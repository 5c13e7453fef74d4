// Printing a receipt from the desktop app: the pure print module, and the bridge's receipt:print
// through main's real IPC wiring with the fake electron and a fake print window.
import { afterEach, describe, expect, it } from 'vitest';
import { createDesktopApp } from '../../main/app/create-desktop-app';
import { isServiceReceiptUrl, receiptPrintOptions, receiptUrl } from '../../main/print/print-receipt';
import { PRINT_PARTITION } from '../../main/print/print-window';
import type { ServicePort } from '../../main/service/service-port';
import { createFakeElectron, FakePrintWindow } from './fake-electron';

const SERVICE = 'http://127.0.0.1:4321';
const PAYMENT = 'pay_0123456789abcdefABCDEF';

describe('print options', () => {
  it('thermal paper is its own width in microns on a 297 mm roll, without margins; never A4 unless asked', () => {
    expect(receiptPrintOptions('80mm')).toEqual({
      silent: false,
      printBackground: true,
      pageSize: { width: 80_000, height: 297_000 },
      margins: { marginType: 'none' },
    });
    expect(receiptPrintOptions('58mm').pageSize).toEqual({ width: 58_000, height: 297_000 });
    expect(receiptPrintOptions('a4')).toMatchObject({
      pageSize: { width: 210_000, height: 297_000 },
      margins: { marginType: 'default' },
    });
  });

  it('builds the receipt URL under the service URL, a path prefix kept', () => {
    expect(receiptUrl(SERVICE, PAYMENT, '58mm')).toBe(`${SERVICE}/pay/${PAYMENT}/receipt?paper=58mm`);
    expect(receiptUrl('https://shop.example/till/', PAYMENT, 'a4')).toBe(
      `https://shop.example/till/pay/${PAYMENT}/receipt?paper=a4`,
    );
  });

  it.each([
    [`${SERVICE}/pay/${PAYMENT}/receipt?paper=80mm`, true],
    [`${SERVICE}/till/pay/${PAYMENT}/receipt`, true],
    [`http://127.0.0.1:4322/pay/${PAYMENT}/receipt`, false],
    [`http://localhost:4321/pay/${PAYMENT}/receipt`, false],
    [`http://user:pw@127.0.0.1:4321/pay/${PAYMENT}/receipt`, false],
    [`${SERVICE}/console/`, false],
    [`${SERVICE}/pay/${PAYMENT}`, false],
    [`${SERVICE}/pay/../console/x/receipt`, false],
    ['file:///etc/passwd', false],
    ['javascript:print()', false],
    ['not a url', false],
  ])('prints only receipts of the service itself: %s -> %s', (url, ok) => {
    expect(isServiceReceiptUrl(url, SERVICE)).toBe(ok);
  });
});

function stubService(): ServicePort {
  return {
    url: SERVICE,
    dataDir: '/data',
    consoleCookie: 'tontill_console',
    createLoginToken: async () => 'login',
    createSession: async () => 'tok',
    isSessionValid: async () => true,
    close: async () => undefined,
    status: () => 'running',
    onEvent: () => () => undefined,
    onBackupOutcome: () => () => undefined,
  };
}

describe('receipt:print over IPC, with the fake electron', () => {
  afterEach(() => FakePrintWindow.reset());

  async function startApp() {
    const electron = createFakeElectron({ userData: '/u' });
    const app = createDesktopApp(electron, {
      startService: async () => stubService(),
      preloadPath: '/p',
      printWindow: FakePrintWindow,
      log: () => undefined,
    })!;
    electron.app.becomeReady();
    await app.ready;
    const console = { contentsId: electron.windows[0]!.webContents.id, frameUrl: `${SERVICE}/console/` };
    const print = (request: unknown, sender = console) => electron.ipcMain.invoke('receipt:print', sender, request);
    return { print };
  }

  it('loads the receipt in a hidden, script-less window of its own partition, prints it on the paper asked for, then closes it', async () => {
    const { print } = await startApp();
    expect(await print({ paymentId: PAYMENT, paper: '58mm' })).toEqual({ outcome: 'printed' });
    const [window] = FakePrintWindow.opened;
    expect(window!.options).toEqual({
      show: false,
      webPreferences: {
        partition: PRINT_PARTITION,
        sandbox: true,
        contextIsolation: true,
        nodeIntegration: false,
        webSecurity: true,
        javascript: false,
      },
    });
    expect(window!.loadedUrls).toEqual([`${SERVICE}/pay/${PAYMENT}/receipt?paper=58mm`]);
    expect(window!.printedWith).toEqual([receiptPrintOptions('58mm')]);
    expect(window!.destroyed).toBe(true);
  });

  it('the owner closing the dialog is cancelled, a driver failure or an unreachable page failed; the window never stays', async () => {
    const { print } = await startApp();
    FakePrintWindow.dialog = 'cancel';
    expect(await print({ paymentId: PAYMENT, paper: '80mm' })).toEqual({ outcome: 'cancelled' });
    FakePrintWindow.dialog = 'fail';
    expect(await print({ paymentId: PAYMENT, paper: '80mm' })).toEqual({
      outcome: 'failed',
      message: 'printing failed: failed',
    });
    FakePrintWindow.loadFails = true;
    expect(await print({ paymentId: PAYMENT, paper: '80mm' })).toMatchObject({
      outcome: 'failed',
      message: expect.stringContaining('ERR_CONNECTION_REFUSED'),
    });
    expect(FakePrintWindow.opened).toHaveLength(3);
    expect(FakePrintWindow.opened.every((w) => w.destroyed)).toBe(true);
  });

  it('refuses anything but a payment id and a known paper, without opening a window', async () => {
    const { print } = await startApp();
    for (const request of [
      `${SERVICE}/pay/${PAYMENT}/receipt`,
      { paymentId: '../../console', paper: '80mm' },
      { paymentId: PAYMENT, paper: 'letter' },
      { paymentId: PAYMENT, paper: '80mm', url: 'https://evil.example/' },
      null,
    ]) {
      expect(await print(request), JSON.stringify(request)).toEqual({
        outcome: 'failed',
        message: 'not a receipt to print',
      });
    }
    expect(FakePrintWindow.opened).toEqual([]);
  });

  it('answers only the console window', async () => {
    const { print } = await startApp();
    await expect(
      print({ paymentId: PAYMENT, paper: '80mm' }, { contentsId: 999, frameUrl: `${SERVICE}/console/` }),
    ).rejects.toThrow(/refused/);
    await expect(
      print({ paymentId: PAYMENT, paper: '80mm' }, { contentsId: 1, frameUrl: `${SERVICE}/pay/${PAYMENT}/receipt` }),
    ).rejects.toThrow(/refused/);
    expect(FakePrintWindow.opened).toEqual([]);
  });
});
