import { isConsoleUrl } from '../security/console-url';
import { externalHttpUrl } from '../security/open-external-url';
import { isPermissionAllowed } from '../security/permissions';
import type { PermissionSessionPort, WebContentsPort } from './electron-port';

const hardened = new WeakSet<WebContentsPort>();

/**
 * Navigation and window guards for one webContents (checklist items 11–14). Applied to every
 * webContents through `web-contents-created`, so a frame or window we did not plan for is
 * covered too. Only the service origin's /console/ stays in the window; any other http(s) page,
 * the service's own checkout and docs included, opens in the system browser.
 */
export function hardenWebContents(
  contents: WebContentsPort,
  serviceOrigin: () => string | null,
  openExternal: (url: string) => void,
): void {
  if (hardened.has(contents)) return;
  hardened.add(contents);
  contents.setWindowOpenHandler(({ url }) => {
    const external = externalHttpUrl(url);
    if (external) openExternal(external);
    return { action: 'deny' };
  });
  contents.on('will-navigate', (event, url) => {
    if (isConsoleUrl(url, serviceOrigin())) return;
    event.preventDefault();
    const external = externalHttpUrl(url);
    if (external) openExternal(external);
  });
  contents.on('will-redirect', (event, url) => {
    if (!isConsoleUrl(url, serviceOrigin())) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

/** Checklist item 5: answer every permission request and check from one rule. */
export function installPermissionHandlers(session: PermissionSessionPort, serviceOrigin: () => string | null): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    callback(isPermissionAllowed(permission, details.requestingUrl, serviceOrigin()));
  });
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    isPermissionAllowed(permission, requestingOrigin, serviceOrigin()),
  );
}
