/**
 * The console is the service's own page, http://127.0.0.1:<port>/console/, exactly what a browser
 * shows. The port is chosen per launch, so every check here takes the service's origin.
 */

/** The window's session partition. No `persist:` prefix: Electron keeps it in memory, so its cookie lives one launch. */
export const CONSOLE_PARTITION = 'tontill-console';

const CONSOLE_MOUNT = '/console';
/** The one page that is the console (it routes by hash); everything else under /console/ is a service page. */
const CONSOLE_PAGE = '/console/';

function parse(value: unknown): URL | null {
  if (typeof value !== 'string') return null;
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/** The one-time login link the window opens: the service trades it for its session cookie, as in a browser. */
export function consoleLoginUrl(serviceUrl: string, loginToken: string): string {
  const url = new URL(`${CONSOLE_MOUNT}/login`, serviceUrl);
  url.searchParams.set('token', loginToken);
  return url.href;
}

/**
 * Same origin as the service, no credentials. Parsed with URL, never compared with startsWith: a
 * prefix test would accept `http://127.0.0.1:4321.evil/` or `http://127.0.0.1:4321@evil/`.
 */
function onServiceOrigin(url: URL, serviceOrigin: string | null): boolean {
  return serviceOrigin !== null && url.origin === serviceOrigin && url.username === '' && url.password === '';
}

/** Where the window may go: the service origin's /console and below (the login link, its redirect, sign-in pages). */
export function isConsoleUrl(value: unknown, serviceOrigin: string | null): boolean {
  const url = parse(value);
  if (!url || !onServiceOrigin(url, serviceOrigin)) return false;
  return url.pathname === CONSOLE_MOUNT || url.pathname.startsWith(`${CONSOLE_MOUNT}/`);
}

/** The console page itself (any hash or query), never another page of the service. */
export function isConsolePage(value: unknown, serviceOrigin: string | null): boolean {
  const url = parse(value);
  return url !== null && onServiceOrigin(url, serviceOrigin) && url.pathname === CONSOLE_PAGE;
}

/** The origin of a service URL, or null before the service listens. */
export const originOf = (serviceUrl: string | null): string | null => (serviceUrl ? new URL(serviceUrl).origin : null);
