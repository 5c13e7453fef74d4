import BetterSqlite3 from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirectoryInUseError, lockDataDirectory } from '../../server/db/data-dir-lock';
import { applyStagedRestore } from '../../server/db/restore';
import { spawnService, stopService } from '../helpers/service-process';
import { QUICK_START, tempDir } from '../helpers/test-app';
import { startTestServer, type TestServer } from '../helpers/test-server';

const dirs: Array<{ remove(): void }> = [];
const newDir = () => {
  const dir = tempDir('tontill-owner-');
  dirs.push(dir);
  return dir.path;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) dir.remove();
});

async function createInvoice(server: TestServer, externalId: string): Promise<Response> {
  return fetch(`${server.url}/crypto/deposit/invoice`, {
    method: 'POST',
    headers: { 'x-api-key': server.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ ...QUICK_START, externalId }),
  });
}

async function consoleCall(server: TestServer, method: string, path: string, body?: Buffer): Promise<Response> {
  return fetch(`${server.url}/console/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${await server.services.sessions.createSession()}`,
      'x-tontill-console': '1',
      ...(body ? { 'content-type': 'application/octet-stream' } : {}),
    },
    ...(body ? { body: new Uint8Array(body) } : {}),
  });
}

const externalIds = (file: string) => {
  const db = new BetterSqlite3(file, { readonly: true });
  try {
    return db.prepare('SELECT external_id FROM payments ORDER BY external_id').pluck().all();
  } finally {
    db.close();
  }
};

describe('one process owns a data directory', () => {
  it('a lock of its own refuses a second owner and is free again once released', () => {
    const dir = newDir();
    const lock = lockDataDirectory(dir);
    expect(() => lockDataDirectory(dir)).toThrow(DataDirectoryInUseError);
    lock.release();
    expect(lock.held).toBe(false);
    lockDataDirectory(dir).release();
  });

  it('a process killed with SIGKILL leaves no stale lock behind', async () => {
    const dir = newDir();
    const script = `const { lockDataDirectory } = await import(${JSON.stringify(join(import.meta.dirname, '../../server/db/data-dir-lock.ts'))});
      lockDataDirectory(process.argv[1]); console.log('locked'); setInterval(() => {}, 1000);`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, dir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve) =>
      child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve()),
    );
    expect(() => lockDataDirectory(dir)).toThrow(DataDirectoryInUseError);
    child.kill('SIGKILL');
    await new Promise((resolve) => child.on('exit', resolve));
    lockDataDirectory(dir).release();
  });

  it('only the owner may apply a staged restore', () => {
    const lock = lockDataDirectory(newDir());
    lock.release();
    expect(() => applyStagedRestore(lock)).toThrow(/no longer owns/);
  });

  it('a staged restore lets no second service in, and the running one acknowledges nothing more until it is applied', async () => {
    const dataDir = newDir();
    const first = await startTestServer({ dataDir });
    expect((await createInvoice(first, 'in-backup')).status).toBe(200);
    const backup = Buffer.from(await (await consoleCall(first, 'GET', '/backup')).arrayBuffer());
    expect((await createInvoice(first, 'after-backup')).status).toBe(200);
    const staged = await consoleCall(first, 'POST', '/restore', backup);
    expect(staged.status).toBe(200);

    // The repro of the finding: the restore used to move the ledger aside, and the lock with it.
    await expect(startTestServer({ dataDir })).rejects.toThrow(DataDirectoryInUseError);
    await expect(spawnService(dataDir)).rejects.toThrow(/in use by another TonTill process/);

    const refused = await createInvoice(first, 'after-staging');
    expect(refused.status).toBe(503);
    expect((await refused.json()).error.code).toBe('RESTORE_PENDING');
    expect((await fetch(`${first.url}/crypto/payments`, { headers: { 'x-api-key': first.apiKey } })).status).toBe(200);
    await first.close();

    const second = await startTestServer({ dataDir });
    const listed = await (
      await fetch(`${second.url}/crypto/payments`, { headers: { 'x-api-key': second.apiKey } })
    ).json();
    expect(listed.items.map((p: { externalId: string }) => p.externalId)).toEqual(['in-backup']);
    // What the first service acknowledged before the restore was staged is kept beside it, never deleted.
    const kept = readdirSync(join(dataDir, 'backups')).find((name) => name.endsWith('.db'))!;
    expect(externalIds(join(dataDir, 'backups', kept))).toEqual(['after-backup', 'in-backup']);
    await second.close();
  });

  it('cancelling a staged restore lets the service take changes again', async () => {
    const dataDir = newDir();
    const server = await startTestServer({ dataDir });
    const backup = Buffer.from(await (await consoleCall(server, 'GET', '/backup')).arrayBuffer());
    expect((await consoleCall(server, 'POST', '/restore', backup)).status).toBe(200);
    expect((await createInvoice(server, 'while-staged')).status).toBe(503);
    expect((await consoleCall(server, 'DELETE', '/restore')).status).toBe(204);
    expect((await createInvoice(server, 'after-cancel')).status).toBe(200);
    await server.close();
  });

  it('a real second `npm run serve` on the same directory is refused with a clear message', async () => {
    const dataDir = newDir();
    const first = await spawnService(dataDir);
    try {
      await expect(spawnService(dataDir)).rejects.toThrow(/in use by another TonTill process/);
    } finally {
      await stopService(first);
    }
  });
});
