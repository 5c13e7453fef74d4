import { isTrustedSender, type SenderInfo } from '../security/validate-sender';
import type { IpcHandlerTable } from './handlers';
import type { IpcEventPort, IpcMainPort } from '../app/electron-port';

/** The parts of an IPC event the sender check reads. A destroyed or navigated-away frame is null. */
export function senderInfoOf(event: IpcEventPort): SenderInfo {
  const frame = event.senderFrame;
  return {
    frameUrl: frame?.url ?? null,
    isMainFrame: frame !== null && frame.parent === null,
    senderId: event.sender.id,
  };
}

/**
 * Registers every channel through one wrapper, so no handler can forget the sender check.
 * An untrusted sender gets a rejected invoke and nothing else.
 */
export function registerIpcHandlers(
  ipcMain: IpcMainPort,
  table: IpcHandlerTable,
  windowContentsId: () => number | null,
  serviceOrigin: () => string | null,
): void {
  for (const [channel, handler] of Object.entries(table) as Array<[string, (...args: unknown[]) => Promise<unknown>]>) {
    ipcMain.handle(channel, (event, ...args) => {
      if (!isTrustedSender(senderInfoOf(event), windowContentsId(), serviceOrigin())) {
        throw new Error(`${channel}: refused, the sender is not the console window`);
      }
      return handler(...args);
    });
  }
}
