import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, defaultDataDir, loadConfig } from '../../server/config';
import { tempDir } from '../helpers/test-app';

describe('configuration', () => {
  it('takes flags over environment over the config file over defaults', () => {
    const dir = tempDir();
    try {
      writeFileSync(join(dir.path, 'config.json'), JSON.stringify({ port: 9000, host: '127.0.0.2', chain: { pollIntervalMs: 5000 } }));
      const fromFile = loadConfig(['--data-dir', dir.path], {});
      expect(fromFile).toMatchObject({ port: 9000, host: '127.0.0.2', dataDir: dir.path, chain: { mode: 'sandbox', pollIntervalMs: 5000 } });
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
      expect(() => loadConfig(['--data-dir', dir.path, '--chain-mode', 'mainnet'], {})).toThrow(/chain.merchantAddress: is required in mainnet mode/);
      expect(() => loadConfig(['--data-dir', dir.path, '--chain-mode', 'testnet'], { TONTILL_MERCHANT_ADDRESS: 'x' })).toThrow(/chain.jettonMaster/);
      writeFileSync(join(dir.path, 'config.json'), '{nope');
      expect(() => loadConfig(['--data-dir', dir.path], {})).toThrow(ConfigError);
    } finally {
      dir.remove();
    }
  });
});
