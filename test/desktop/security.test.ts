import { describe, expect, it, vi } from 'vitest';
import { consoleLoginUrl, isConsolePage, isConsoleUrl } from '../../main/security/console-url';
import { externalHttpUrl, openExternalUrl } from '../../main/security/open-external-url';
import { isPermissionAllowed } from '../../main/security/permissions';
import { isTrustedSender } from '../../main/security/validate-sender';

const SERVICE = 'http://127.0.0.1:4321';

describe('isConsoleUrl', () => {
  it.each([
    `${SERVICE}/console/`,
    `${SERVICE}/console/#/payments/pay_1`,
    `${SERVICE}/console`,
    `${SERVICE}/console/login?token=x`,
    'HTTP://127.0.0.1:4321/console/',
  ])('accepts %s', (url) => {
    expect(isConsoleUrl(url, SERVICE)).toBe(true);
  });

  it.each([
    'http://127.0.0.1:4322/console/',
    'https://127.0.0.1:4321/console/',
    'http://localhost:4321/console/',
    'http://127.0.0.1:4321.evil/console/',
    'http://127.0.0.1:4321@evil/console/',
    'http://user:pw@127.0.0.1:4321/console/',
    `${SERVICE}/consoles`,
    `${SERVICE}/pay/pay_1`,
    `${SERVICE}/`,
    'app://console/',
    'file:///etc/passwd',
    'javascript:alert(1)',
    '',
    'not a url',
  ])('refuses %s', (url) => {
    expect(isConsoleUrl(url, SERVICE)).toBe(false);
  });

  it('refuses everything before the service listens, and non-strings', () => {
    expect(isConsoleUrl(`${SERVICE}/console/`, null)).toBe(false);
    expect(isConsoleUrl(undefined, SERVICE)).toBe(false);
    expect(isConsoleUrl({ toString: () => `${SERVICE}/console/` }, SERVICE)).toBe(false);
  });
});

describe('isConsolePage', () => {
  it('is the console page only, not the service pages under /console/', () => {
    expect(isConsolePage(`${SERVICE}/console/`, SERVICE)).toBe(true);
    expect(isConsolePage(`${SERVICE}/console/?x=1#/till`, SERVICE)).toBe(true);
    for (const url of [
      `${SERVICE}/console/widget-preview?s=1`,
      `${SERVICE}/console/login?token=x`,
      `${SERVICE}/console/api/session`,
      `${SERVICE}/console`,
    ]) {
      expect(isConsolePage(url, SERVICE), url).toBe(false);
    }
  });
});

describe('consoleLoginUrl', () => {
  it("is the service's own login door with the token encoded", () => {
    expect(consoleLoginUrl(SERVICE, 'a+b/c')).toBe(`${SERVICE}/console/login?token=a%2Bb%2Fc`);
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
    'file:///C:/Windows/System32/calc.exe',
    'javascript:alert(1)',
    'smb://evil/share',
    'ton://transfer/EQabc',
    'app://console/',
    'data:text/html,<script>1</script>',
    'https://bank.example@evil.example/',
    'https://user:pw@example.com/',
    'https://',
    'relative/path',
    `https://example.com/${'a'.repeat(2100)}`,
    '',
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
    expect(
      await openExternalUrl('https://example.com', async () => {
        throw new Error('no browser');
      }),
    ).toBe(false);
  });

  it('externalHttpUrl returns the parsed href', () => {
    expect(externalHttpUrl('HTTPS://Example.COM/a b')).toBe('https://example.com/a%20b');
  });
});

describe('isTrustedSender', () => {
  const windowId = 7;
  const console = { frameUrl: `${SERVICE}/console/#/payments`, isMainFrame: true, senderId: windowId };

  it('trusts the top frame of our window showing the console', () => {
    expect(isTrustedSender(console, windowId, SERVICE)).toBe(true);
    expect(isTrustedSender({ ...console, frameUrl: `${SERVICE}/console/` }, windowId, SERVICE)).toBe(true);
  });

  it('refuses another webContents, even on the console origin', () => {
    expect(isTrustedSender({ ...console, senderId: 8 }, windowId, SERVICE)).toBe(false);
  });

  it('refuses when there is no window or no service', () => {
    expect(isTrustedSender(console, null, SERVICE)).toBe(false);
    expect(isTrustedSender(console, windowId, null)).toBe(false);
  });

  it('refuses a sub-frame, even the console page framed in itself', () => {
    expect(isTrustedSender({ ...console, isMainFrame: false }, windowId, SERVICE)).toBe(false);
  });

  it.each([
    null,
    undefined,
    '',
    'https://evil.example/',
    'http://127.0.0.1:8787/console/',
    'app://console/',
    'file:///index.html',
  ])('refuses a frame at %s', (frameUrl) => {
    expect(isTrustedSender({ ...console, frameUrl }, windowId, SERVICE)).toBe(false);
  });

  it("refuses the service's other pages on the same origin (checkout, embed, preview, API)", () => {
    for (const frameUrl of [
      `${SERVICE}/pay/pay_1`,
      `${SERVICE}/embed?sig=x`,
      `${SERVICE}/console/widget-preview?s=1`,
      `${SERVICE}/console/api/session`,
    ]) {
      expect(isTrustedSender({ ...console, frameUrl }, windowId, SERVICE)).toBe(false);
    }
  });
});

describe('isPermissionAllowed', () => {
  it.each([
    'media',
    'geolocation',
    'notifications',
    'clipboard-read',
    'openExternal',
    'fullscreen',
    'hid',
    'usb',
    'serial',
    'unknown',
  ])('denies %s even to the console', (permission) => {
    expect(isPermissionAllowed(permission, `${SERVICE}/console/`, SERVICE)).toBe(false);
  });

  it('allows only a sanitized clipboard write, only from the service origin', () => {
    expect(isPermissionAllowed('clipboard-sanitized-write', `${SERVICE}/console/#/payments`, SERVICE)).toBe(true);
    expect(isPermissionAllowed('clipboard-sanitized-write', SERVICE, SERVICE)).toBe(true);
    expect(isPermissionAllowed('clipboard-sanitized-write', 'http://127.0.0.1:4322/console/', SERVICE)).toBe(false);
    expect(isPermissionAllowed('clipboard-sanitized-write', 'https://evil.example/', SERVICE)).toBe(false);
    expect(isPermissionAllowed('clipboard-sanitized-write', 'not a url', SERVICE)).toBe(false);
    expect(isPermissionAllowed('clipboard-sanitized-write', undefined, SERVICE)).toBe(false);
    expect(isPermissionAllowed('clipboard-sanitized-write', `${SERVICE}/console/`, null)).toBe(false);
  });
});
