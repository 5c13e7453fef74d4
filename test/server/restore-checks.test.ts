import BetterSqlite3 from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BackupRunSchema, BackupViewSchema } from '../../contract/backups';
import type { BackupTimer } from '../../server/backups/backup-timer';
import { checkBackup, restoreFile } from '../../server/db/restore';
import { QUICK_START, tempDir } from '../helpers/test-app';
import { TEST_ENGINE } from '../helpers/test-database';
import { twoTableLedger, unopenableLedger } from '../helpers/restore-candidates';
import { spawnService, stopService } from '../helpers/service-process';
import { startTestServer, type TestServer } from '../helpers/test-server';

/** What a restore lets into the data directory: only a ledger the ladder could have built, intact, that opens. */
const dirs: Array<{ remove(): void }> = [];
const servers: TestServer[] = [];
const newDir = () => {
  const dir = tempDir('tontill-restore-');
  dirs.push(dir);
  return dir.path;
};
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
  for (const dir of dirs.splice(0)) dir.remove();
});

/** A timer that never fires: no automatic backup runs behind a test's back. */
const idleTimer: BackupTimer = { after: () => () => undefined };

async function start(dataDir = newDir()): Promise<TestServer> {
  const server = await startTestServer({ dataDir, backupTimer: idleTimer });
  servers.push(server);
  return server;
}

async function stop(server: TestServer): Promise<void> {
  await server.close();
  servers.splice(servers.indexOf(server), 1);
}

async function consoleCall(
  server: TestServer,
  method: string,
  path: string,
  body?: Buffer | object,
  headers: Record<string, string> = {},
): Promise<Response> {
  const raw = Buffer.isBuffer(body);
  return fetch(`${server.url}/console/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${await server.services.sessions.createSession()}`,
      'x-tontill-console': '1',
      ...(body === undefined ? {} : { 'content-type': raw ? 'application/octet-stream' : 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: raw ? new Uint8Array(body) : JSON.stringify(body) }),
  });
}

const createInvoice = (server: TestServer, externalId: string) =>
  fetch(`${server.url}/crypto/deposit/invoice`, {
    method: 'POST',
    headers: { 'x-api-key': server.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ ...QUICK_START, externalId }),
  });

const listedExternalIds = async (server: TestServer): Promise<string[]> => {
  const page = (await (
    await fetch(`${server.url}/crypto/payments`, { headers: { 'x-api-key': server.apiKey } })
  ).json()) as { items: Array<{ externalId: string }> };
  return page.items.map((p) => p.externalId).sort();
};

/** What the newest audit entry of a staged restore says about its checksum. */
const lastStagedChecksum = async (server: TestServer): Promise<unknown> =>
  (await server.services.audit.page(null, 50)).find((entry) => entry.action === 'backup.restore_stage')?.detail
    ?.checksum;

const refusal = async (res: Response) => ({
  status: res.status,
  ...((await res.json()) as { error: { field?: string; message: string } }).error,
});

describe.skipIf(TEST_ENGINE === 'postgres')(
  'a restore candidate must be a ledger the migration ladder could have built',
  () => {
    it('a file with the right version but only two tables is refused, naming what it lacks, and nothing is staged', async () => {
      const server = await start();
      const res = await consoleCall(server, 'POST', '/restore', twoTableLedger(join(newDir(), 'two.db')));
      expect(await refusal(res)).toMatchObject({
        status: 400,
        field: 'file',
        message: expect.stringMatching(/table payments lacks columns [^;]*\bkind\b/),
      });
      expect(existsSync(restoreFile(server.dataDir))).toBe(false);
      expect((await createInvoice(server, 'still-open')).status).toBe(200);
    });

    it('a genuine backup with one trigger added is refused, naming the trigger; the genuine one is staged', async () => {
      const server = await start();
      expect((await createInvoice(server, 'in-backup')).status).toBe(200);
      const download = await consoleCall(server, 'GET', '/backup');
      const file = join(newDir(), 'backup.db');
      writeFileSync(file, Buffer.from(await download.arrayBuffer()));
      const genuine = readFileSync(file);
      const db = new BetterSqlite3(file);
      db.exec(
        'CREATE TRIGGER wipe_events AFTER INSERT ON payments BEGIN DELETE FROM payment_events WHERE payment_id <> NEW.id; END;',
      );
      db.close();

      const res = await consoleCall(server, 'POST', '/restore', readFileSync(file));
      expect(await refusal(res)).toMatchObject({
        status: 400,
        field: 'file',
        message: expect.stringContaining('extra trigger wipe_events'),
      });
      expect((await createInvoice(server, 'still-open')).status).toBe(200);
      expect((await consoleCall(server, 'POST', '/restore', genuine)).status).toBe(200);
      expect((await consoleCall(server, 'DELETE', '/restore')).status).toBe(204);
    });

    it('a ledger that cannot be opened and migrated is refused when staged (the rehearsal on a scratch copy)', async () => {
      const server = await start();
      const candidate = unopenableLedger(join(newDir(), 'readonly.db'));
      const res = await consoleCall(server, 'POST', '/restore', candidate);
      expect(await refusal(res)).toMatchObject({
        status: 400,
        field: 'file',
        message: expect.stringContaining('cannot be opened and migrated'),
      });
      expect(existsSync(restoreFile(server.dataDir))).toBe(false);
      // the scratch copy is gone too
      expect(readdirSync(join(server.dataDir, 'tmp'))).toEqual([]);
    });
  },
);

describe.skipIf(TEST_ENGINE === 'postgres')('a restore never leaves a service that cannot start', () => {
  it('a candidate staged by an older build that the checks refuse is set aside, and the service starts on its ledger', async () => {
    const first = await start();
    expect((await createInvoice(first, 'kept')).status).toBe(200);
    const dataDir = first.dataDir;
    await stop(first);
    // what an older build, without the schema check, staged
    twoTableLedger(restoreFile(dataDir));

    const second = await start(dataDir);
    expect(await listedExternalIds(second)).toEqual(['kept']);
    expect((await createInvoice(second, 'after')).status).toBe(200);
    const view = BackupViewSchema.parse(await (await consoleCall(second, 'GET', '/backups')).json());
    expect(view.restoreAtStart).toMatchObject({
      outcome: 'rejected',
      message: expect.stringMatching(/table payments lacks columns [^;]*\bkind\b/),
    });
  });

  it('a staged ledger that fails to open at start is put aside, the previous ledger comes back, and the dashboard says so', async () => {
    const first = await start();
    expect((await createInvoice(first, 'kept')).status).toBe(200);
    const dataDir = first.dataDir;
    await stop(first);
    unopenableLedger(restoreFile(dataDir));

    const second = await start(dataDir);
    expect(await listedExternalIds(second)).toEqual(['kept']);
    expect((await createInvoice(second, 'after')).status).toBe(200);
    const view = BackupViewSchema.parse(await (await consoleCall(second, 'GET', '/backups')).json());
    expect(view.restoreAtStart).toMatchObject({ outcome: 'rolled-back', message: expect.stringContaining('readonly') });
    const kept = readdirSync(dataDir).filter((name) => /^restore-failed-.*\.db$/.test(name));
    expect(kept).toHaveLength(1);
    expect(view.restoreAtStart!.kept).toBe(join(dataDir, kept[0]!));
    await stop(second);
    // and it starts again, with nothing staged
    const third = await start(dataDir);
    expect(await listedExternalIds(third)).toEqual(['after', 'kept']);
    expect(
      BackupViewSchema.parse(await (await consoleCall(third, 'GET', '/backups')).json()).restoreAtStart,
    ).toBeNull();
  });
});

describe.skipIf(TEST_ENGINE === 'postgres')('backups carry a checksum that a restore verifies', () => {
  it('a byte flipped inside a row, which quick_check misses, is refused with a 400 naming the checksum', async () => {
    const server = await start();
    expect((await createInvoice(server, 'checksum-me-please')).status).toBe(200);
    const run = BackupRunSchema.parse(await (await consoleCall(server, 'POST', '/backups/run')).json());
    expect(run.outcome.ok).toBe(true);
    const file = (run.outcome as { file: string }).file;
    const name = run.view.files[0]!.name;
    const bytes = readFileSync(file);
    expect(readFileSync(`${file}.sha256`, 'utf8')).toBe(
      `${createHash('sha256').update(bytes).digest('hex')}  ${name}\n`,
    );

    const at = bytes.indexOf('checksum-me-please');
    expect(at).toBeGreaterThan(0);
    bytes[at] = 'C'.charCodeAt(0);
    writeFileSync(file, bytes);
    // SQLite still reads it as a sound ledger
    expect(checkBackup(file)).toMatchObject({ ok: true });

    const res = await consoleCall(server, 'POST', '/backups/restore', { name });
    expect(await refusal(res)).toMatchObject({
      status: 400,
      field: 'name',
      message: expect.stringContaining('SHA-256'),
    });
    expect(existsSync(restoreFile(server.dataDir))).toBe(false);
    // the same file once its bytes are back is proven and staged
    bytes[at] = 'c'.charCodeAt(0);
    writeFileSync(file, bytes);
    expect((await consoleCall(server, 'POST', '/backups/restore', { name })).status).toBe(200);
    expect(await lastStagedChecksum(server)).toBe('verified');
  });

  it('a download says its checksum, and an upload that gives one is verified against it', async () => {
    const server = await start();
    expect((await createInvoice(server, 'in-backup')).status).toBe(200);
    const download = await consoleCall(server, 'GET', '/backup');
    const body = Buffer.from(await download.arrayBuffer());
    const sha256 = createHash('sha256').update(body).digest('hex');
    expect(download.headers.get('x-tontill-sha256')).toBe(sha256);

    const flipped = Buffer.from(body);
    flipped[flipped.indexOf('in-backup')] = 'I'.charCodeAt(0);
    const refused = await consoleCall(server, 'POST', '/restore', flipped, { 'x-tontill-sha256': sha256 });
    expect(await refusal(refused)).toMatchObject({
      status: 400,
      field: 'x-tontill-sha256',
      message: expect.stringContaining('SHA-256'),
    });
    const garbled = await consoleCall(server, 'POST', '/restore', body, { 'x-tontill-sha256': 'not-hex' });
    expect(await refusal(garbled)).toMatchObject({ status: 400, field: 'x-tontill-sha256' });
    expect((await consoleCall(server, 'POST', '/restore', body, { 'x-tontill-sha256': sha256 })).status).toBe(200);
    expect(await lastStagedChecksum(server)).toBe('verified');
    expect((await consoleCall(server, 'DELETE', '/restore')).status).toBe(204);
    // without the header it is still restorable (server/db/README.md, "Checksums"), and the audit log says it was unproven
    expect((await consoleCall(server, 'POST', '/restore', body)).status).toBe(200);
    expect(await lastStagedChecksum(server)).toBe('none');
  });
});

describe.skipIf(TEST_ENGINE === 'postgres')('what a service killed mid-backup leaves', () => {
  it('partial copies in the backup folder and temporary uploads are removed at start; nothing else is', async () => {
    const dataDir = newDir();
    const folder = join(dataDir, 'backups');
    const tmp = join(dataDir, 'tmp');
    mkdirSync(folder, { recursive: true });
    mkdirSync(tmp, { recursive: true });
    const leftovers = [
      join(folder, '.partial-tontill-2026-01-01T00-00-00-000Z.db'),
      join(folder, '.partial-tontill-2026-01-01T00-00-00-000Z.db-wal'),
      join(folder, '.partial-tontill-before-migration-v3-2026-01-01T00-00-00-000Z.db'),
      join(folder, 'tontill-2026-01-01T00-00-00-000Z.db.sha256.partial'),
      join(tmp, 'upload-123-abc.db'),
      join(tmp, 'backup-2026-01-01T00-00-00-123-abc.db'),
      join(tmp, 'rehearsal-123-abc.db-wal'),
    ];
    for (const file of leftovers) writeFileSync(file, 'half');
    const owners = [join(folder, 'notes.txt'), join(folder, '.partial-notes'), join(tmp, 'mine.txt')];
    for (const file of owners) writeFileSync(file, 'the owner keeps this');

    await start(dataDir);
    expect(leftovers.filter((file) => existsSync(file))).toEqual([]);
    expect(owners.filter((file) => existsSync(file))).toEqual(owners);
  });

  it('a service SIGKILLed between writing a backup and naming it leaves a partial copy; the next start removes it', async () => {
    const dataDir = newDir();
    const folder = join(dataDir, 'backups');
    const killed = await spawnService(dataDir, { TONTILL_FAILPOINT: 'backup-copy-written' });
    const run = fetch(`${killed.url}/console/api/backups/run`, {
      method: 'POST',
      headers: { authorization: `Bearer ${killed.consoleToken}`, 'x-tontill-console': '1' },
    });
    await expect(run).rejects.toThrow();
    expect(await killed.exited).toBe('SIGKILL');
    const partials = readdirSync(folder).filter((name) => name.startsWith('.partial-tontill-'));
    expect(partials).not.toEqual([]);

    const next = await spawnService(dataDir);
    try {
      expect(partials.filter((name) => existsSync(join(folder, name)))).toEqual([]);
    } finally {
      await stopService(next);
    }
  });
});
