import BetterSqlite3 from 'better-sqlite3';
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BackupRunSchema, BackupViewSchema, BackupOutcomeSchema } from '../../contract/backups';
import { defaultConsoleDir } from '../../server/config/built-dirs';
import { openDatabase } from '../../server/db/database';
import { QUICK_START, tempDir } from '../helpers/test-app';
import { readSse } from '../helpers/sse-reader';
import { startTestServer, type TestServer } from '../helpers/test-server';

/** Settings → Backups over real HTTP: the settings round trip, each bad field, Back up now, restoring one from the list. */
const dirs: Array<{ remove(): void }> = [];
const servers: TestServer[] = [];
const newDir = () => {
  const dir = tempDir('tontill-backup-routes-');
  dirs.push(dir);
  return dir.path;
};
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
  for (const dir of dirs.splice(0)) dir.remove();
});

async function start(dataDir = newDir()): Promise<TestServer> {
  const server = await startTestServer({ dataDir });
  servers.push(server);
  return server;
}

async function call(server: TestServer, method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${server.url}/console/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${await server.services.sessions.createSession()}`,
      'x-tontill-console': '1',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

const createInvoice = (server: TestServer, externalId: string) =>
  fetch(`${server.url}/crypto/deposit/invoice`, {
    method: 'POST',
    headers: { 'x-api-key': server.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ ...QUICK_START, externalId }),
  });

const errorOf = async (res: Response) => ({
  status: res.status,
  field: ((await res.json()) as { error: { field?: string } }).error.field,
});

describe('Settings → Backups', () => {
  it('starts with the default folder and 14 kept, and saves what the owner chooses', async () => {
    const server = await start();
    const before = BackupViewSchema.parse(await (await call(server, 'GET', '/backups')).json());
    expect(before.settings).toEqual({ folder: join(server.dataDir, 'backups'), keep: 14 });
    expect(before.state).toMatchObject({ lastSuccess: null, lastFailure: null });
    expect(before.files).toEqual([]);

    const folder = join(newDir(), 'usb', 'tontill');
    const saved = await call(server, 'PUT', '/backups/settings', { folder, keep: 30 });
    expect(saved.status).toBe(200);
    expect(BackupViewSchema.parse(await saved.json()).settings).toEqual({ folder, keep: 30 });
    expect(BackupViewSchema.parse(await (await call(server, 'GET', '/backups')).json()).settings).toEqual({
      folder,
      keep: 30,
    });
  });

  it('refuses each bad field with a 400 that names it', async () => {
    const server = await start();
    const file = join(server.dataDir, 'a-file');
    writeFileSync(file, 'x');
    const cases: Array<[unknown, string]> = [
      [{ folder: 'relative/backups', keep: 14 }, 'folder'],
      [{ folder: join(file, 'below-a-file'), keep: 14 }, 'folder'],
      [{ folder: join(defaultConsoleDir(), 'assets'), keep: 14 }, 'folder'],
      [{ folder: '', keep: 14 }, 'folder'],
      [{ folder: '/tmp/x', keep: 0 }, 'keep'],
      [{ folder: '/tmp/x', keep: 366 }, 'keep'],
      [{ folder: '/tmp/x', keep: 1.5 }, 'keep'],
      [{ folder: '/tmp/x' }, 'keep'],
    ];
    const link = join(server.dataDir, 'link-to-console');
    symlinkSync(defaultConsoleDir(), link);
    cases.push([{ folder: join(link, 'backups'), keep: 14 }, 'folder']);
    for (const [body, field] of cases)
      expect(await errorOf(await call(server, 'PUT', '/backups/settings', body))).toEqual({ status: 400, field });
    expect(BackupViewSchema.parse(await (await call(server, 'GET', '/backups')).json()).settings.keep).toBe(14);
  });

  it('"Back up now" writes a checked backup, lists it, and sends its outcome on the live stream', async () => {
    const server = await start();
    const ac = new AbortController();
    const stream = await fetch(`${server.url}/console/api/events`, {
      headers: { authorization: `Bearer ${await server.services.sessions.createSession()}` },
      signal: ac.signal,
    });
    const frames = readSse(stream);
    expect((await frames.next()).event).toBe('ready');

    const run = BackupRunSchema.parse(await (await call(server, 'POST', '/backups/run')).json());
    expect(run.outcome).toMatchObject({ ok: true });
    expect(run.view.files).toEqual([expect.objectContaining({ kind: 'manual', bytes: expect.any(Number) })]);
    expect(run.view.state.lastSuccess).toEqual(run.outcome);
    const frame = await frames.next();
    expect(frame).toMatchObject({ event: 'backup', id: null });
    expect(BackupOutcomeSchema.parse(frame.data)).toEqual(run.outcome);
    ac.abort();
  });

  it('restores one from the list through the checked path; the next start applies it and keeps the replaced ledger in the folder', async () => {
    const dataDir = newDir();
    const folder = join(newDir(), 'chosen');
    const first = await start(dataDir);
    expect((await call(first, 'PUT', '/backups/settings', { folder, keep: 14 })).status).toBe(200);
    expect((await createInvoice(first, 'in-backup')).status).toBe(200);
    const { view } = BackupRunSchema.parse(await (await call(first, 'POST', '/backups/run')).json());
    expect((await createInvoice(first, 'after-backup')).status).toBe(200);

    expect(await errorOf(await call(first, 'POST', '/backups/restore', { name: '../tontill.db' }))).toEqual({
      status: 400,
      field: 'name',
    });
    expect(
      await errorOf(await call(first, 'POST', '/backups/restore', { name: 'tontill-2020-01-01T00-00-00-000Z.db' })),
    ).toEqual({ status: 404, field: 'name' });
    // a file with one of our names that is not a ledger is refused like a bad upload
    writeFileSync(join(folder, 'tontill-2021-01-01T00-00-00-000Z.db'), 'not a database');
    expect(
      await errorOf(await call(first, 'POST', '/backups/restore', { name: 'tontill-2021-01-01T00-00-00-000Z.db' })),
    ).toEqual({ status: 400, field: 'name' });
    expect((await createInvoice(first, 'still-open')).status).toBe(200);

    const staged = await call(first, 'POST', '/backups/restore', { name: view.files[0]!.name });
    expect(staged.status).toBe(200);
    expect(await staged.json()).toMatchObject({ staged: true, payments: 1 });
    expect((await createInvoice(first, 'while-staged')).status).toBe(503);
    await first.close();

    const second = await start(dataDir);
    const listed = await (
      await fetch(`${second.url}/crypto/payments`, { headers: { 'x-api-key': second.apiKey } })
    ).json();
    expect(listed.items.map((p: { externalId: string }) => p.externalId)).toEqual(['in-backup']);
    const kept = readdirSync(folder).filter((name) => /^tontill-before-restore-.*\.db$/.test(name));
    expect(kept).toHaveLength(1);
    const db = new BetterSqlite3(join(folder, kept[0]!), { readonly: true });
    expect(db.prepare('SELECT external_id FROM payments ORDER BY external_id').pluck().all()).toEqual([
      'after-backup',
      'in-backup',
      'still-open',
    ]);
    db.close();
  });

  it('restoring a ledger set aside by a killed service keeps the commits still in its WAL', async () => {
    const server = await start();
    const folder = join(server.dataDir, 'backups');
    mkdirSync(folder, { recursive: true });
    const name = 'tontill-before-restore-2026-01-02T03-04-05-006Z.db';
    // copied while its connection is open: the payment is only in the WAL, as after a kill -9
    const scratch = join(newDir(), 'tontill.db');
    const db = openDatabase(scratch);
    db.prepare(
      `INSERT INTO payments (id, kind, status, amount, currency, main_currency, request_hash, memo, address, expires_at, created_at, updated_at, external_id)
      VALUES ('pay_wal', 'invoice', 'pending', 5000000, 'USDT', 'TON', 'h', 'm-wal', 'a', 1, 1, 1, 'only-in-wal')`,
    ).run();
    copyFileSync(scratch, join(folder, name));
    copyFileSync(`${scratch}-wal`, join(folder, `${name}-wal`));
    db.close();
    expect(existsSync(join(folder, `${name}-wal`))).toBe(true);

    const staged = await call(server, 'POST', '/backups/restore', { name });
    expect(staged.status).toBe(200);
    expect(await staged.json()).toMatchObject({ staged: true, payments: 1 });
    expect((await call(server, 'DELETE', '/restore')).status).toBe(204);
  });

  it('a folder made unusable after it was chosen shows as the last failure, and the service goes on', async () => {
    const server = await start();
    const parent = join(newDir(), 'drive');
    mkdirSync(parent);
    expect((await call(server, 'PUT', '/backups/settings', { folder: join(parent, 'backups'), keep: 14 })).status).toBe(
      200,
    );
    // the drive is gone and a file stands where it was
    rmSync(parent, { recursive: true });
    writeFileSync(parent, 'x');
    const run = BackupRunSchema.parse(await (await call(server, 'POST', '/backups/run')).json());
    expect(run.outcome).toMatchObject({ ok: false, message: expect.stringMatching(/ENOTDIR/) });
    expect(run.view.state.lastFailure).toEqual(run.outcome);
    expect((await createInvoice(server, 'after-failure')).status).toBe(200);
  });
});
