import { describe, expect, it } from 'vitest';
import {
  consoleWriteRefusal,
  hostnameOf,
  isConsoleRoute,
  isServedHost,
  servedHostNames,
  type ConsoleWrite,
} from '../../server/auth/console-origin';

describe('hostnameOf', () => {
  it('drops the port and IPv6 brackets and lower-cases', () => {
    expect(hostnameOf('Shop.Example:8787')).toBe('shop.example');
    expect(hostnameOf('[::1]:8787')).toBe('::1');
    expect(hostnameOf('127.0.0.1')).toBe('127.0.0.1');
  });

  it('refuses what is not a host', () => {
    for (const bad of ['', 'a b', 'evil.example:80:80', 'user@host', '[not-v6]', 'host/path'])
      expect(hostnameOf(bad), bad).toBeNull();
  });
});

describe('isServedHost', () => {
  const served = new Set(['pay.example']);

  it('always serves names that cannot be rebound: IP literals and localhost', () => {
    for (const host of ['127.0.0.1:8787', '10.0.0.7', '[::1]:1', '[fe80::1]', 'localhost:3000', 'till.localhost']) {
      expect(isServedHost(host, served), host).toBe(true);
    }
  });

  it('serves a DNS name only when configured', () => {
    expect(isServedHost('pay.example:443', served)).toBe(true);
    expect(isServedHost('PAY.EXAMPLE', served)).toBe(true);
    expect(isServedHost('rebound.example:8787', served)).toBe(false);
    expect(isServedHost('pay.example.rebound.example', served)).toBe(false);
    expect(isServedHost('localhost.rebound.example', served)).toBe(false);
    expect(isServedHost(undefined, served)).toBe(false);
    expect(isServedHost('', served)).toBe(false);
  });
});

describe('servedHostNames', () => {
  it('collects publicUrl, the listening host and allowedHosts', () => {
    const names = servedHostNames({
      publicUrl: 'https://Pay.Example/base',
      host: 'till.lan',
      allowedHosts: ['a.example'],
    });
    expect([...names].sort()).toEqual(['a.example', 'pay.example', 'till.lan']);
  });
});

describe('isConsoleRoute', () => {
  it('matches the console and nothing that merely starts with the word', () => {
    expect(isConsoleRoute('/console')).toBe(true);
    expect(isConsoleRoute('/console/api/session')).toBe(true);
    expect(isConsoleRoute('/console-other')).toBe(false);
    expect(isConsoleRoute('/crypto/payments')).toBe(false);
    expect(isConsoleRoute(undefined)).toBe(false);
  });
});

describe('consoleWriteRefusal', () => {
  const own = ['http://127.0.0.1:8787'];
  const write = (over: Partial<ConsoleWrite>): ConsoleWrite => ({
    method: 'POST',
    bearer: false,
    origin: undefined,
    secFetchSite: undefined,
    contentType: undefined,
    consoleHeader: undefined,
    ...over,
  });

  it('lets reads and bearer-authenticated requests through', () => {
    expect(consoleWriteRefusal(write({ method: 'GET', origin: 'http://evil.example' }), own)).toBeNull();
    expect(consoleWriteRefusal(write({ method: 'HEAD' }), own)).toBeNull();
    expect(consoleWriteRefusal(write({ bearer: true, origin: 'app://console' }), own)).toBeNull();
  });

  it('needs a JSON body or the console header', () => {
    expect(consoleWriteRefusal(write({}), own)).toMatch(/Content-Type: application\/json or x-tontill-console: 1/);
    expect(consoleWriteRefusal(write({ contentType: 'text/plain;charset=UTF-8' }), own)).not.toBeNull();
    expect(consoleWriteRefusal(write({ contentType: 'application/json; charset=utf-8' }), own)).toBeNull();
    expect(consoleWriteRefusal(write({ contentType: 'Application/JSON' }), own)).toBeNull();
    expect(consoleWriteRefusal(write({ consoleHeader: '1', contentType: 'application/octet-stream' }), own)).toBeNull();
    expect(consoleWriteRefusal(write({ consoleHeader: '0' }), own)).not.toBeNull();
  });

  it('needs the browser to say it is the console when it says anything', () => {
    const json = { contentType: 'application/json' };
    expect(consoleWriteRefusal(write({ ...json, origin: 'http://127.0.0.1:8787' }), own)).toBeNull();
    expect(consoleWriteRefusal(write({ ...json, origin: 'http://127.0.0.1:9999' }), own)).toMatch(
      /Origin http:\/\/127.0.0.1:9999/,
    );
    expect(consoleWriteRefusal(write({ ...json, origin: 'null' }), own)).not.toBeNull();
    expect(consoleWriteRefusal(write({ ...json, secFetchSite: 'same-origin' }), own)).toBeNull();
    expect(consoleWriteRefusal(write({ ...json, secFetchSite: 'none' }), own)).toBeNull();
    expect(consoleWriteRefusal(write({ ...json, secFetchSite: 'same-site' }), own)).toMatch(
      /Sec-Fetch-Site: same-site/,
    );
    expect(consoleWriteRefusal(write({ ...json, secFetchSite: 'cross-site' }), own)).not.toBeNull();
  });
});
