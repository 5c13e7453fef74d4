import BetterSqlite3 from 'better-sqlite3';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { BackupOutcome } from '../../contract/backups';
import { BACKUP_EVERY_MS, BACKUP_RETRY_MS, BACKUP_START_DELAY_MS, rotate } from '../../server/backups/backup-service';
import type { BackupTimer } from '../../server/backups/backup-timer';
import { recordedChecksum, verifyChecksum } from '../../server/db/backup-checksum';
import {
  automaticBackupName,
  BACKUP_SETTINGS_KEY,
  isLeftoverCopy,
  manualBackupName,
  parseBackupName,
} from '../../server/db/backup-files';
import { openDatabase } from '../../server/db/database';
import { migrations } from '../../server/db/migrations/index';
import { checkBackup } from '../../server/db/restore';
import { ManualClock, QUICK_START, tempDir } from '../helpers/test-app';
import { startTestServer, type TestServer } from '../helpers/test-server';

/** Holds the one pending backup; `fire` moves the clock to its due time and runs it to the end. */
class FakeTimer implements BackupTimer {
  pending: { ms: number; run: () => Promise<void> } | null = null;
  after(ms: number, run: () => Promise<void>): () => void {
    const entry = { ms, run };
    this.pending = entry;
    return () => {
      if (this.pending === entry) this.pending = null;
    };
  }
  async fire(clock: ManualClock): Promise<void> {
    const due = this.pending;
    if (!due) throw new Error('no backup is scheduled');
    this.pending = null;
    clock.advance(due.ms);
    await due.run();
  }
}

const AUTOMATIC = /^tontill-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.db$/;
const dirs: Array<{ remove(): void }> = [];
const servers: TestServer[] = [];
const newDir = () => {
  const dir = tempDir('tontill-backups-');
  dirs.push(dir);
  return dir.path;
};
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
  for (const dir of dirs.splice(0)) dir.remove();
});

async function start(dataDir: string, timer = new FakeTimer(), clock = new ManualClock()) {
  const server = await startTestServer({ dataDir, clock, backupTimer: timer });
  servers.push(server);
  return { server, timer, clock };
}

const createInvoice = (server: TestServer, externalId: string) =>
  fetch(`${server.url}/crypto/deposit/invoice`, {
    method: 'POST',
    headers: { 'x-api-key': server.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ ...QUICK_START, externalId }),
  });

const externalIds = (file: string): string[] => {
  const db = new BetterSqlite3(file, { readonly: true });
  try {
    return db
      .prepare('SELECT external_id FROM payments WHERE external_id IS NOT NULL ORDER BY external_id')
      .pluck()
      .all() as string[];
  } finally {
    db.close();
  }
};

describe('automatic backups', () => {
  it('20 simulated days leave the newest 14 backups, each one checkBackup accepts, and no file it did not name is touched', async () => {
    const dataDir = newDir();
    const folder = join(dataDir, 'backups');
    mkdirSync(folder, { recursive: true });
    const foreign = {
      'notes.txt': 'the owner keeps this here',
      'tontill-before-restore-2026-01-01T00-00-00-000Z.db': 'kept by hand',
      'tontill-old.db': 'not ours',
    };
    for (const [name, text] of Object.entries(foreign)) writeFileSync(join(folder, name), text);
    // what a service killed in the middle of a backup leaves
    writeFileSync(join(folder, '.partial-tontill-2026-01-01T00-00-00-000Z.db'), 'half');
    const { server, timer, clock } = await start(dataDir);
    // nothing yet: the first is due at start, after a short grace so it never competes with the first sales
    expect(timer.pending?.ms).toBe(BACKUP_START_DELAY_MS);

    const made: string[] = [];
    for (let day = 1; day <= 20; day++) {
      expect((await createInvoice(server, `day-${String(day).padStart(2, '0')}`)).status).toBe(200);
      await timer.fire(clock);
      const state = await server.backups!.state();
      expect(state.lastSuccess).not.toBeNull();
      made.push(state.lastSuccess!.file);
      expect(timer.pending?.ms).toBe(BACKUP_EVERY_MS);
    }

    const own = readdirSync(folder)
      .filter((name) => AUTOMATIC.test(name))
      .sort();
    expect(own).toHaveLength(14);
    // rotation takes each backup's checksum with it
    expect(
      readdirSync(folder)
        .filter((name) => name.endsWith('.sha256'))
        .sort(),
    ).toEqual(own.map((name) => `${name}.sha256`));
    expect(own.map((name) => join(folder, name))).toEqual(made.slice(-14));
    for (const name of own) {
      expect(checkBackup(join(folder, name))).toMatchObject({ ok: true, schemaVersion: migrations.length });
      expect(verifyChecksum(join(folder, name), recordedChecksum(join(folder, name))!)).toEqual({ ok: true });
      // the ledger holds the signing secrets: owner-only, like the ledger itself
      expect(statSync(join(folder, name)).mode & 0o777).toBe(0o600);
    }
    // the newest holds every payment made before it, the oldest kept only those of its day
    expect(externalIds(join(folder, own.at(-1)!))).toHaveLength(20);
    expect(externalIds(join(folder, own[0]!))).toHaveLength(7);
    for (const [name, text] of Object.entries(foreign)) expect(readFileSync(join(folder, name), 'utf8')).toBe(text);
    // no temporary copy is left behind
    expect(readdirSync(folder).filter((name) => name.startsWith('.'))).toEqual([]);
  });

  it('is due at start when the last success is more than a day old, and a day after it otherwise', async () => {
    const dataDir = newDir();
    const first = await start(dataDir);
    await first.timer.fire(first.clock);
    await first.server.close();
    servers.splice(0);

    const clock = new ManualClock(first.clock.now() + 5 * 60 * 60 * 1000);
    const soon = await start(dataDir, new FakeTimer(), clock);
    expect(soon.timer.pending?.ms).toBe(BACKUP_EVERY_MS - 5 * 60 * 60 * 1000);
    await soon.server.close();
    servers.splice(0);

    const late = await start(dataDir, new FakeTimer(), new ManualClock(first.clock.now() + 2 * BACKUP_EVERY_MS));
    expect(late.timer.pending?.ms).toBe(BACKUP_START_DELAY_MS);
  });

  it('"Back up now" moves the daily one: the next is due a day after it', async () => {
    const { server, timer, clock } = await start(newDir());
    clock.advance(10_000);
    expect((await server.backups!.runBackup()).ok).toBe(true);
    expect(timer.pending?.ms).toBe(BACKUP_EVERY_MS);
    expect((await server.backups!.state()).nextDueAt).toBe(new Date(clock.now() + BACKUP_EVERY_MS).toISOString());
  });

  it('a failing backup is recorded, heard by the listener, retried an hour later, and the service keeps taking payments', async () => {
    const dataDir = newDir();
    const { server, timer, clock } = await start(dataDir);
    const blocked = join(dataDir, 'not-a-folder');
    writeFileSync(blocked, 'a file where the folder should be');
    await server.backups!.saveSettings({ folder: join(blocked, 'backups'), keep: 14 });
    const heard: BackupOutcome[] = [];
    server.backups!.onOutcome((outcome) => heard.push(outcome));

    await timer.fire(clock);
    expect(heard).toEqual([
      { ok: false, at: new Date(clock.now()).toISOString(), message: expect.stringMatching(/ENOTDIR|EEXIST/) },
    ]);
    const state = await server.backups!.state();
    expect(state.lastSuccess).toBeNull();
    expect(state.lastFailure).toEqual(heard[0]);
    expect(timer.pending?.ms).toBe(BACKUP_RETRY_MS);
    expect((await createInvoice(server, 'after-failure')).status).toBe(200);

    // the owner fixes the folder: the retry succeeds and the failure is cleared
    await server.backups!.saveSettings({ folder: join(dataDir, 'fixed'), keep: 14 });
    await timer.fire(clock);
    expect(heard.at(-1)).toMatchObject({ ok: true });
    expect((await server.backups!.state()).lastFailure).toBeNull();
    expect(readdirSync(join(dataDir, 'fixed')).filter((name) => AUTOMATIC.test(name))).toHaveLength(1);
  });
});

describe('the copy before a migration', () => {
  /** A ledger as an older build left it: migrated to v5 only, with one payment and the backup folder chosen. */
  function olderLedger(dataDir: string, folder: string | null): void {
    const db = openDatabase(join(dataDir, 'tontill.db'), { ladder: migrations.slice(0, 5) });
    db.prepare(
      `INSERT INTO payments (id, kind, status, amount, currency, main_currency, request_hash, memo, address, expires_at, created_at, updated_at, external_id)
      VALUES ('pay_old', 'invoice', 'pending', 5000000, 'USDT', 'TON', 'h', 'm-old', 'a', 1, 1, 1, 'from-v5')`,
    ).run();
    if (folder)
      db.prepare('INSERT INTO settings (key, value_json, updated_at) VALUES (?, ?, 1)').run(
        BACKUP_SETTINGS_KEY,
        JSON.stringify({ folder, keep: 3 }),
      );
    db.close();
  }

  it('startServer copies a ledger it is about to migrate into the backup folder, at the old version, with the old data', async () => {
    const dataDir = newDir();
    olderLedger(dataDir, null);
    await start(dataDir);
    const folder = join(dataDir, 'backups');
    const copies = readdirSync(folder).filter((name) => /^tontill-before-migration-v5-.*\.db$/.test(name));
    expect(copies).toHaveLength(1);
    const copy = join(folder, copies[0]!);
    expect(checkBackup(copy)).toEqual({ ok: true, schemaVersion: 5, payments: 1 });
    expect(statSync(copy).mode & 0o777).toBe(0o600);
    // written under a partial name with its checksum, then named: the checksum matches the copy
    expect(verifyChecksum(copy, recordedChecksum(copy)!)).toEqual({ ok: true });
    expect(readdirSync(folder).filter((name) => name.startsWith('.'))).toEqual([]);
    expect(externalIds(copy)).toEqual(['from-v5']);
  });

  it('"Back up now" is named apart from the daily ones, and rotated with them by age', () => {
    const folder = join(newDir(), 'backups');
    mkdirSync(folder, { recursive: true });
    const day = 86_400_000;
    const start = Date.UTC(2026, 10, 1);
    // older daily, newer by hand, then daily again: the names sort differently from the times
    const made = [
      automaticBackupName(start),
      manualBackupName(start + day),
      automaticBackupName(start + 2 * day),
      manualBackupName(start + 3 * day),
    ];
    for (const name of made) writeFileSync(join(folder, name), 'copy');
    expect(made.map((name) => parseBackupName(name)?.kind)).toEqual(['automatic', 'manual', 'automatic', 'manual']);
    expect(rotate(folder, 3)).toEqual([made[0]]);
    expect(rotate(folder, 2)).toEqual([made[1]]);
    expect(readdirSync(folder).sort()).toEqual([made[2], made[3]].sort());
  });

  it('goes to the folder the owner chose, and is never rotated away', async () => {
    const dataDir = newDir();
    const folder = join(newDir(), 'chosen');
    olderLedger(dataDir, folder);
    const { server, timer, clock } = await start(dataDir);
    for (let day = 0; day < 5; day++) await timer.fire(clock);
    const names = readdirSync(folder);
    expect(names.filter((name) => /^tontill-before-migration-v5-.*\.db$/.test(name))).toHaveLength(1);
    expect(names.filter((name) => AUTOMATIC.test(name))).toHaveLength(3);
    expect(existsSync(join(dataDir, 'backups'))).toBe(false);
    expect((await server.backups!.list()).map((f) => f.kind)).toEqual([
      'automatic',
      'automatic',
      'automatic',
      'before-migration',
    ]);
  });

  it('a ledger already at the latest version is not copied', async () => {
    const dataDir = newDir();
    const first = await start(dataDir);
    await first.server.close();
    servers.splice(0);
    await start(dataDir);
    expect(existsSync(join(dataDir, 'backups'))).toBe(false);
  });
});

describe('what the start-up clean-up may delete', () => {
  const stamp = '2026-01-01T00-00-00-000Z';
  it('only the leftovers of our own copies: partial copies and their WAL, half-written checksums, checksums whose backup is gone', () => {
    const present = new Set([`tontill-${stamp}.db`, `tontill-${stamp}.db.sha256`]);
    for (const name of [
      `.partial-tontill-${stamp}.db`,
      `.partial-tontill-${stamp}.db-wal`,
      `.partial-tontill-before-migration-v3-${stamp}.db`,
      `tontill-${stamp}.db.sha256.partial`,
      `tontill-before-migration-v3-${stamp}.db.sha256`,
    ])
      expect(isLeftoverCopy(name, present), name).toBe(true);
    for (const name of [
      `tontill-${stamp}.db`,
      `tontill-${stamp}.db.sha256`,
      '.partial-notes',
      'notes.txt.sha256',
      `.partial-tontill-${stamp}.db.bak`,
      'tontill-old.db',
      `restore-failed-${stamp}.db`,
    ])
      expect(isLeftoverCopy(name, present), name).toBe(false);
  });
});
