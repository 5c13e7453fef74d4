import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, defaultDataDir, loadConfig, trustedProxies } from '../../server/config/config';
import { tempDir } from '../helpers/test-app';

describe('configuration', () => {
  it('takes flags over environment over the config file over defaults', () => {
    const dir = tempDir();
    try {
      writeFileSync(
        join(dir.path, 'config.json'),
        JSON.stringify({ port: 9000, host: '127.0.0.2', chain: { pollIntervalMs: 5000 } }),
      );
      const fromFile = loadConfig(['--data-dir', dir.path], {});
      expect(fromFile).toMatchObject({
        port: 9000,
        host: '127.0.0.2',
        dataDir: dir.path,
        chain: { mode: 'sandbox', pollIntervalMs: 5000 },
      });
      expect(loadConfig(['--data-dir', dir.path], { PORT: '9001' }).port).toBe(9001);
      expect(loadConfig(['--data-dir', dir.path, '--port', '9002'], { PORT: '9001' }).port).toBe(9002);
      expect(loadConfig([], { TONTILL_DATA_DIR: dir.path }).port).toBe(9000);
      expect(loadConfig([], { TONTILL_DATA_DIR: '' }).dataDir).toBe(defaultDataDir());
    } finally {
      dir.remove();
    }
  });

  it('explains what is wrong, naming the setting', () => {
    const dir = tempDir();
    try {
      expect(() => loadConfig(['--data-dir', dir.path, '--port', 'eighty'], {})).toThrow(/config port/);
      expect(() => loadConfig(['--data-dir', dir.path, '--chain-mode', 'mainnet'], {})).toThrow(
        /chain.merchantAddress: is required in mainnet mode/,
      );
      expect(() =>
        loadConfig(['--data-dir', dir.path, '--chain-mode', 'testnet'], { TONTILL_MERCHANT_ADDRESS: 'x' }),
      ).toThrow(/chain.jettonMaster/);
      writeFileSync(join(dir.path, 'config.json'), '{nope');
      expect(() => loadConfig(['--data-dir', dir.path], {})).toThrow(ConfigError);
    } finally {
      dir.remove();
    }
  });

  it('reads trustProxy, allowedHosts and the rate limits, off and conservative by default', () => {
    const dir = tempDir();
    try {
      const defaults = loadConfig(['--data-dir', dir.path], {});
      expect(defaults).toMatchObject({
        trustProxy: false,
        allowedHosts: [],
        rateLimit: { enabled: true, max: 600, keyMax: 6000, windowMs: 60_000 },
      });
      expect(loadConfig(['--data-dir', dir.path], { TONTILL_TRUST_PROXY: 'true' }).trustProxy).toBe(true);
      expect(loadConfig(['--data-dir', dir.path], { TONTILL_TRUST_PROXY: '0' }).trustProxy).toBe(false);
      expect(
        loadConfig(['--data-dir', dir.path], { TONTILL_TRUST_PROXY: '10.0.0.5, 172.16.0.0/12' }).trustProxy,
      ).toEqual(['10.0.0.5', '172.16.0.0/12']);
      expect(() => loadConfig(['--data-dir', dir.path], { TONTILL_TRUST_PROXY: 'yes please' })).toThrow(
        /config trustProxy/,
      );
      expect(
        loadConfig(['--data-dir', dir.path], { TONTILL_ALLOWED_HOSTS: 'Till.Lan, pay.example' }).allowedHosts,
      ).toEqual(['till.lan', 'pay.example']);
      expect(() => loadConfig(['--data-dir', dir.path], { TONTILL_ALLOWED_HOSTS: 'till.lan:8787' })).toThrow(
        /config allowedHosts/,
      );
      writeFileSync(
        join(dir.path, 'config.json'),
        JSON.stringify({ trustProxy: ['loopback'], rateLimit: { keyMax: 100 } }),
      );
      expect(loadConfig(['--data-dir', dir.path], {})).toMatchObject({
        trustProxy: ['loopback'],
        rateLimit: { max: 600, keyMax: 100 },
      });
    } finally {
      dir.remove();
    }
  });

  it('trustProxy: true believes only proxies on loopback and private networks, never every hop', () => {
    expect(trustedProxies(false)).toBe(false);
    expect(trustedProxies(true)).toEqual(['loopback', 'linklocal', 'uniquelocal']);
    expect(trustedProxies(['203.0.113.10'])).toEqual(['203.0.113.10']);
  });
});
