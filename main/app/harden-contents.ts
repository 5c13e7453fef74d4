import { externalHttpUrl } from '../security/open-external-url';
import { isInternalUrl } from '../security/is-internal-url';
import { isPermissionAllowed } from '../security/permissions';
import type { PermissionSessionPort, WebContentsPort } from './electron-port';

const hardened = new WeakSet<WebContentsPort>();

/**
 * Navigation and window guards for one webContents (checklist items 11–14). Applied to every
 * webContents through `web-contents-created`, so a frame or window we did not plan for is
 * covered too. A link to an http(s) site goes to the system browser instead of a new window.
 */
export function hardenWebContents(contents: WebContentsPort, openExternal: (url: string) => void): void {
  if (hardened.has(contents)) return;
  hardened.add(contents);
  contents.setWindowOpenHandler(({ url }) => {
    const external = externalHttpUrl(url);
    if (external) openExternal(external);
    return { action: 'deny' };
  });
  contents.on('will-navigate', (event, url) => {
    if (isInternalUrl(url)) return;
    event.preventDefault();
    const external = externalHttpUrl(url);
    if (external) openExternal(external);
  });
  contents.on('will-redirect', (event, url) => {
    if (!isInternalUrl(url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

/** Checklist item 5: answer every permission request and check from one rule. */
export function installPermissionHandlers(session: PermissionSessionPort): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    callback(isPermissionAllowed(permission, details.requestingUrl));
  });
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) => isPermissionAllowed(permission, requestingOrigin));
}
