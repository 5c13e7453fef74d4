import { originOf } from './console-url';

/**
 * Every web permission is denied except a sanitized clipboard write from the service's origin: the
 * "copy link" buttons use navigator.clipboard.writeText, which Chromium routes through this
 * permission, and it only places text the page already shows. Permission checks name only an
 * origin, so the origin is what is compared. Reading the clipboard, media, location,
 * notifications and the rest stay denied.
 */
export function isPermissionAllowed(
  permission: string,
  requestingUrl: string | undefined,
  serviceOrigin: string | null,
): boolean {
  if (permission !== 'clipboard-sanitized-write' || !requestingUrl || serviceOrigin === null) return false;
  try {
    return originOf(requestingUrl) === serviceOrigin;
  } catch {
    return false;
  }
}
