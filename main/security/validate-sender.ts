import { isServicePath } from '../protocol/proxy-rules';
import { isInternalUrl } from './is-internal-url';

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
 * the top frame of our own window, showing the console itself. A frame showing service pages
 * (the checkout or the embed a console screen previews) is same-origin under app://console/,
 * so the path is checked too: those pages never get the session.
 */
export function isTrustedSender(sender: SenderInfo, windowContentsId: number | null): boolean {
  if (windowContentsId === null || sender.senderId !== windowContentsId) return false;
  if (!sender.isMainFrame || !sender.frameUrl || !isInternalUrl(sender.frameUrl)) return false;
  return !isServicePath(new URL(sender.frameUrl).pathname);
}
