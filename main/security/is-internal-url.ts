/** The one origin the console runs on. Registered as a standard, secure scheme before ready. */
export const CONSOLE_SCHEME = 'app';
export const CONSOLE_HOST = 'console';
export const CONSOLE_ORIGIN = `${CONSOLE_SCHEME}://${CONSOLE_HOST}`;
export const CONSOLE_START_URL = `${CONSOLE_ORIGIN}/`;

function parse(value: unknown): URL | null {
  if (typeof value !== 'string') return null;
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/**
 * True only for app://console/…. Parsed with URL, never compared with startsWith: a prefix test
 * would accept `app://console.evil/` or `app://console@evil/`. Node's URL does not know app: is a
 * standard scheme, so it keeps the host's case; Chromium lowercases it, hence the comparison.
 */
export function isInternalUrl(value: unknown): boolean {
  const url = parse(value);
  if (!url) return false;
  return url.protocol === `${CONSOLE_SCHEME}:` && url.hostname.toLowerCase() === CONSOLE_HOST
    && url.port === '' && url.username === '' && url.password === '';
}
