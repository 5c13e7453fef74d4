import { isConsolePage } from './console-url';

/** What an IPC event says about who sent it, reduced to plain values. */
export interface SenderInfo {
  /** URL of the frame that sent the message; null once that frame is gone */
  frameUrl: string | null | undefined;
  isMainFrame: boolean;
  /** webContents id of the sender */
  senderId: number;
}

/**
 * Electron's checklist item 17: every IPC message is checked before its input is. Trusted means
 * the top frame of our own window, showing the console page itself. The checkout and the widget
 * preview the console frames are same-origin service pages, so the frame and the path are checked
 * too: those pages never get the session.
 */
export function isTrustedSender(
  sender: SenderInfo,
  windowContentsId: number | null,
  serviceOrigin: string | null,
): boolean {
  if (windowContentsId === null || sender.senderId !== windowContentsId) return false;
  return sender.isMainFrame && isConsolePage(sender.frameUrl, serviceOrigin);
}
