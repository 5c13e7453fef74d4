import { PrintReceiptRequestSchema, type PrintReceiptResult } from '../../contract/desktop';
import { receiptPath, type ReceiptPaper } from '../../contract/receipts';

/** What Electron's `webContents.print` takes, as far as a receipt sets it. */
export interface ReceiptPrintOptions {
  silent: false;
  printBackground: true;
  /** in microns, as Electron wants a custom size */
  pageSize: { width: number; height: number };
  /** thermal paper: none (the receipt's own padding keeps off the edges); A4: the page's CSS margins */
  margins: { marginType: 'none' | 'default' };
}

/**
 * Electron needs a height with a custom width. A thermal roll has none, so the page is 297 mm long:
 * the "Roll paper 80 × 297 mm" / "58 × 297 mm" sizes thermal printer drivers ship, which trim the
 * blank tail. Never A4 by default: a thermal printer asked for A4 scales the receipt to a third of
 * its width or jams the job.
 */
const ROLL_LENGTH_MICRONS = 297_000;

const PAGE_SIZE: Record<ReceiptPaper, { width: number; height: number }> = {
  '80mm': { width: 80_000, height: ROLL_LENGTH_MICRONS },
  '58mm': { width: 58_000, height: ROLL_LENGTH_MICRONS },
  a4: { width: 210_000, height: 297_000 },
};

export function receiptPrintOptions(paper: ReceiptPaper): ReceiptPrintOptions {
  return {
    silent: false,
    printBackground: true,
    pageSize: PAGE_SIZE[paper],
    margins: { marginType: paper === 'a4' ? 'default' : 'none' },
  };
}

/** A receipt URL on the service (the service URL may carry a path prefix, kept). */
export const receiptUrl = (serviceUrl: string, paymentId: string, paper: ReceiptPaper): string =>
  new URL(receiptPath(paymentId, paper), serviceUrl.endsWith('/') ? serviceUrl : `${serviceUrl}/`).href;

/**
 * Only a receipt page of the service itself is ever loaded into the print window: the same origin,
 * http(s), no credentials, and the receipt path. The window gets no preload, but nothing else should
 * reach it either.
 */
export function isServiceReceiptUrl(url: string, serviceOrigin: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return (
    (parsed.protocol === 'http:' || parsed.protocol === 'https:') &&
    parsed.origin === serviceOrigin &&
    !parsed.username &&
    !parsed.password &&
    /\/pay\/pay_[0-9A-Za-z]{22}\/receipt$/.test(parsed.pathname)
  );
}

/** A hidden window with the page loaded; main/print/print-window.ts makes one from Electron's BrowserWindow. */
export interface PrintableWindow {
  /** rejects with `PrintCancelled` when the owner closes the print dialog */
  print(options: ReceiptPrintOptions): Promise<void>;
  close(): void;
}

export class PrintCancelled extends Error {
  constructor() {
    super('printing was cancelled');
    this.name = 'PrintCancelled';
  }
}

export interface PrintReceiptDeps {
  serviceUrl(): string;
  openHiddenWindow(url: string): Promise<PrintableWindow>;
}

/** The bridge's `printReceipt`: the payload is untrusted until the contract's schema accepts it. */
export async function printReceipt(input: unknown, deps: PrintReceiptDeps): Promise<PrintReceiptResult> {
  const request = PrintReceiptRequestSchema.safeParse(input);
  if (!request.success) return { outcome: 'failed', message: 'not a receipt to print' };
  const serviceUrl = deps.serviceUrl();
  const url = receiptUrl(serviceUrl, request.data.paymentId, request.data.paper);
  if (!isServiceReceiptUrl(url, new URL(serviceUrl).origin))
    return { outcome: 'failed', message: 'not a receipt of this service' };
  let window: PrintableWindow | null = null;
  try {
    window = await deps.openHiddenWindow(url);
    await window.print(receiptPrintOptions(request.data.paper));
    return { outcome: 'printed' };
  } catch (err) {
    if (err instanceof PrintCancelled) return { outcome: 'cancelled' };
    return { outcome: 'failed', message: err instanceof Error ? err.message : String(err) };
  } finally {
    window?.close();
  }
}
