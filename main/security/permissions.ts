import { isInternalUrl } from './is-internal-url';

/**
 * Every web permission is denied except a sanitized clipboard write from the console: the
 * "copy link" buttons use navigator.clipboard.writeText, which Chromium routes through this
 * permission, and it only places text the page already shows. Reading the clipboard, media,
 * location, notifications and the rest stay denied.
 */
export function isPermissionAllowed(permission: string, requestingUrl: string | undefined): boolean {
  return permission === 'clipboard-sanitized-write' && isInternalUrl(requestingUrl);
}
