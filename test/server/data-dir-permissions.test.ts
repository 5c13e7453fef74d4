import { chmodSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { privateModeFor, tightenDataDirectory, type ModeFs } from '../../server/db/data-dir-permissions';
import { spawnService, stopService } from '../helpers/service-process';
import { tempDir } from '../helpers/test-app';
import { startTestServer } from '../helpers/test-server';
import { TEST_ENGINE } from '../helpers/test-database';

/** reads or breaks the SQLite file itself (its query plans, backups, file modes): nothing of it exists on PostgreSQL */
const SQLITE_ONLY = TEST_ENGINE === 'postgres';

const mode = (path: string) => statSync(path).mode & 0o777;
const dirs: Array<{ remove(): void }> = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) dir.remove();
});
const newDir = () => {
  const dir = tempDir('tontill-perms-');
  dirs.push(dir);
  return dir.path;
};

describe('files on disk are private to the owner', () => {
  it('privateModeFor drops group and other bits and keeps what the owner needs', () => {
    expect(privateModeFor(false, 0o100644)).toBe(0o600);
    expect(privateModeFor(false, 0o100600)).toBeNull();
    expect(privateModeFor(false, 0o100700)).toBeNull();
    expect(privateModeFor(true, 0o40755)).toBe(0o700);
    expect(privateModeFor(true, 0o40700)).toBeNull();
    expect(privateModeFor(true, 0o40500)).toBe(0o700);
  });

  it('tightenDataDirectory walks the tree, changes only what is too open and says what it changed', () => {
    const tree: Record<string, { dir: boolean; mode: number; children?: string[] }> = {
      '/d': { dir: true, mode: 0o755, children: ['tontill.db', 'backups'] },
      '/d/tontill.db': { dir: false, mode: 0o644 },
      '/d/backups': { dir: true, mode: 0o700, children: ['old.db'] },
      '/d/backups/old.db': { dir: false, mode: 0o600 },
    };
    const chmods: Array<[string, number]> = [];
    const fs: ModeFs = {
      stat: (p) => ({ isDirectory: () => tree[p]!.dir, isFile: () => !tree[p]!.dir, mode: tree[p]!.mode }),
      list: (d) => tree[d]!.children ?? [],
      chmod: (p, m) => chmods.push([p, m]),
    };
    expect(tightenDataDirectory('/d', fs, 'linux')).toEqual([
      { path: '/d', from: '0755', to: '0700' },
      { path: '/d/tontill.db', from: '0644', to: '0600' },
    ]);
    expect(chmods).toEqual([
      ['/d', 0o700],
      ['/d/tontill.db', 0o600],
    ]);
    expect(tightenDataDirectory('/d', fs, 'win32')).toEqual([]);
  });

  it.skipIf(SQLITE_ONLY)(
    'a new data directory is 0700 and the ledger, its WAL and every file the service writes are 0600',
    async () => {
      const dataDir = join(newDir(), 'fresh');
      const server = await startTestServer({ dataDir });
      await fetch(`${server.url}/healthz`);
      expect(mode(dataDir)).toBe(0o700);
      const files = readdirSync(dataDir).filter((name) => statSync(join(dataDir, name)).isFile());
      expect(files).toEqual(expect.arrayContaining(['tontill.db', 'tontill.db-wal', 'service.json', 'tontill.lock']));
      for (const name of files) expect([name, mode(join(dataDir, name)).toString(8)]).toEqual([name, '600']);
      await server.close();
    },
  );

  it('an existing directory left open to others is tightened at start, and the log says so', async () => {
    const dataDir = newDir();
    chmodSync(dataDir, 0o755);
    mkdirSync(join(dataDir, 'backups'), { mode: 0o755 });
    writeFileSync(join(dataDir, 'backups', 'tontill-before-restore.db'), 'old ledger', { mode: 0o644 });
    writeFileSync(join(dataDir, 'config.json'), '{}', { mode: 0o644 });
    chmodSync(join(dataDir, 'config.json'), 0o644);
    const service = await spawnService(dataDir);
    try {
      expect(mode(dataDir)).toBe(0o700);
      expect(mode(join(dataDir, 'backups'))).toBe(0o700);
      expect(mode(join(dataDir, 'backups', 'tontill-before-restore.db'))).toBe(0o600);
      expect(mode(join(dataDir, 'config.json'))).toBe(0o600);
      // the logger writes asynchronously: its lines may follow the banner
      await expect
        .poll(() => service.output(), { timeout: 20_000 })
        .toMatch(
          /config\.json","from":"0644","to":"0600","msg":"data directory was readable by others: permissions tightened/,
        );
    } finally {
      await stopService(service);
    }
  });
});
