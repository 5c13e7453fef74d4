// `npm start` launches Electron with TONTILL_DESKTOP_READY_FILE set, and counts an exit before that
// file exists as a failed start: it then runs the service headless and prints why. A packaged app,
// started without the variable, writes nothing.
import type { DesktopApp } from './create-desktop-app';

/**
 * Creates the ready file once the service runs and the window is loading. Resolves with whether it
 * did: not in a second instance (null, it hands over and quits) nor after a failed startup, which
 * settles `ready` too (after its error box, as quit begins) but leaves no service.
 */
export async function announceReady(
  desktop: Pick<DesktopApp, 'ready' | 'service' | 'window'> | null,
  readyFile: string | undefined,
  writeFile: (path: string, data: string) => void,
): Promise<boolean> {
  if (!desktop || !readyFile) return false;
  await desktop.ready;
  if (!desktop.service() || !desktop.window()) return false;
  writeFile(readyFile, `${process.pid}\n`);
  return true;
}
