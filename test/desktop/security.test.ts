import { describe, expect, it, vi } from 'vitest';
import { consoleCsp } from '../../main/security/content-security-policy';
import { isInternalUrl } from '../../main/security/is-internal-url';
import { externalHttpUrl, openExternalUrl } from '../../main/security/open-external-url';
import { isPermissionAllowed } from '../../main/security/permissions';
import { isTrustedSender } from '../../main/security/validate-sender';

describe('isInternalUrl', () => {
  it.each(['app://console/', 'app://console/payments/pay_1?x=1#top', 'app://console', 'APP://CONSOLE/'])('accepts %s', (url) => {
    expect(isInternalUrl(url)).toBe(true);
  });

  it.each([
    'app://console.evil/', 'app://evil/console/', 'app://console@evil/', 'app://user:pw@console/', 'app://console:8080/',
    'http://console/', 'https://app/console/', 'file:///etc/passwd', 'javascript:alert(1)', 'app:console/', '', 'not a url',
  ])('refuses %s', (url) => {
    expect(isInternalUrl(url)).toBe(false);
  });

  it('refuses non-strings', () => {
    expect(isInternalUrl(undefined)).toBe(false);
    expect(isInternalUrl({ toString: () => 'app://console/' })).toBe(false);
  });
});

describe('openExternalUrl', () => {
  it('passes http and https links to the opener, normalised', async () => {
    const open = vi.fn(async (_url: string) => undefined);
    expect(await openExternalUrl('https://tonviewer.com/EQabc', open)).toBe(true);
    expect(await openExternalUrl('http://127.0.0.1:8787/docs', open)).toBe(true);
    expect(open.mock.calls).toEqual([['https://tonviewer.com/EQabc'], ['http://127.0.0.1:8787/docs']]);
  });

  it.each([
    'file:///C:/Windows/System32/calc.exe', 'javascript:alert(1)', 'smb://evil/share', 'ton://transfer/EQabc', 'app://console/',
    'data:text/html,<script>1</script>', 'https://bank.example@evil.example/', 'https://user:pw@example.com/', 'https://', 'relative/path',
    `https://example.com/${'a'.repeat(2100)}`, '',
  ])('refuses %s without calling the opener', async (url) => {
    const open = vi.fn(async (_url: string) => undefined);
    expect(await openExternalUrl(url, open)).toBe(false);
    expect(open).not.toHaveBeenCalled();
  });

  it('refuses values that are not strings (IPC input is untyped)', async () => {
    const open = vi.fn(async (_url: string) => undefined);
    expect(await openExternalUrl(42, open)).toBe(false);
    expect(await openExternalUrl({ href: 'https://x.example' }, open)).toBe(false);
    expect(open).not.toHaveBeenCalled();
  });

  it('reports a failed launch as false instead of throwing', async () => {
    expect(await openExternalUrl('https://example.com', async () => { throw new Error('no browser'); })).toBe(false);
  });

  it('externalHttpUrl returns the parsed href', () => {
    expect(externalHttpUrl('HTTPS://Example.COM/a b')).toBe('https://example.com/a%20b');
  });
});

describe('isTrustedSender', () => {
  const windowId = 7;
  const console = { frameUrl: 'app://console/payments', isMainFrame: true, senderId: windowId };

  it('trusts the top frame of our window showing the console', () => {
    expect(isTrustedSender(console, windowId)).toBe(true);
    expect(isTrustedSender({ ...console, frameUrl: 'app://console/' }, windowId)).toBe(true);
  });

  it('refuses another webContents, even on the console origin', () => {
    expect(isTrustedSender({ ...console, senderId: 8 }, windowId)).toBe(false);
  });

  it('refuses when there is no window', () => {
    expect(isTrustedSender(console, null)).toBe(false);
  });

  it('refuses a sub-frame', () => {
    expect(isTrustedSender({ ...console, isMainFrame: false }, windowId)).toBe(false);
  });

  it.each([null, undefined, '', 'https://evil.example/', 'http://127.0.0.1:8787/console/', 'app://console.evil/', 'file:///index.html'])(
    'refuses a frame at %s',
    (frameUrl) => {
      expect(isTrustedSender({ ...console, frameUrl }, windowId)).toBe(false);
    },
  );

  it('refuses service pages shown under the console origin (checkout, embed)', () => {
    for (const frameUrl of ['app://console/pay/pay_1', 'app://console/embed?sig=x', 'app://console/console/api/session']) {
      expect(isTrustedSender({ ...console, frameUrl }, windowId)).toBe(false);
    }
  });
});

describe('isPermissionAllowed', () => {
  it.each(['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal', 'fullscreen', 'hid', 'usb', 'serial', 'unknown'])(
    'denies %s even to the console',
    (permission) => {
      expect(isPermissionAllowed(permission, 'app://console/')).toBe(false);
    },
  );

  it('allows only a sanitized clipboard write, only from the console', () => {
    expect(isPermissionAllowed('clipboard-sanitized-write', 'app://console/payments')).toBe(true);
    expect(isPermissionAllowed('clipboard-sanitized-write', 'app://console')).toBe(true);
    expect(isPermissionAllowed('clipboard-sanitized-write', 'https://evil.example/')).toBe(false);
    expect(isPermissionAllowed('clipboard-sanitized-write', undefined)).toBe(false);
  });
});

describe('consoleCsp', () => {
  it('allows nothing but our own origin for code and connections', () => {
    const csp = consoleCsp('http://127.0.0.1:4321');
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("connect-src 'self';");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toMatch(/unsafe-eval|unsafe-inline|\*/);
  });

  it('lets the console frame the service origin (the widget preview) and nothing else foreign', () => {
    expect(consoleCsp('http://127.0.0.1:4321')).toContain("frame-src 'self' http://127.0.0.1:4321;");
    expect(consoleCsp(null)).toContain("frame-src 'self';");
  });
});
