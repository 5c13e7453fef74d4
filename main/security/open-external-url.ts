const MAX_URL_LENGTH = 2048;

/** An http(s) URL with a host and no credentials, or null. Everything else (file:, javascript:, smb:, custom schemes) is refused. */
export function externalHttpUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_URL_LENGTH) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  // user:pass@ in a link is a phishing device ("https://bank.com@evil/") and never needed here.
  if (url.username !== '' || url.password !== '' || url.hostname === '') return null;
  return url.href;
}

/**
 * Opens `value` in the system browser through `open` (shell.openExternal, injected so tests
 * never launch one). Resolves false for a refused URL or a failed launch; never throws.
 */
export async function openExternalUrl(value: unknown, open: (url: string) => Promise<void>): Promise<boolean> {
  const url = externalHttpUrl(value);
  if (!url) return false;
  try {
    await open(url);
    return true;
  } catch {
    return false;
  }
}
