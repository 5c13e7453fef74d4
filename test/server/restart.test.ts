import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrations } from '../../server/db/migrations/index';
import {
  DatabaseFromFutureError,
  DataDirectoryInUseError,
  openDatabase,
  schemaVersion,
} from '../../server/db/database';
import { startTestServer } from '../helpers/test-server';
import { tempDir, QUICK_START } from '../helpers/test-app';

describe('the ledger across restarts', () => {
  it('keeps every payment, key and event when the service restarts on the same data directory', async () => {
    const dir = tempDir();
    try {
      const first = await startTestServer({ dataDir: dir.path });
      const created: string[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await fetch(`${first.url}/crypto/deposit/invoice`, {
          method: 'POST',
          headers: { 'x-api-key': first.apiKey, 'content-type': 'application/json' },
          body: JSON.stringify({ ...QUICK_START, externalId: `restart-${i}` }),
        });
        created.push(((await res.json()) as { id: string }).id);
      }
      const apiKey = first.apiKey;
      const before = await Promise.all(
        created.map((id) =>
          fetch(`${first.url}/crypto/payment/${id}`, { headers: { 'x-api-key': apiKey } }).then((r) => r.json()),
        ),
      );
      await first.close();

      const second = await startTestServer({ dataDir: dir.path });
      const after = await Promise.all(
        created.map((id) =>
          fetch(`${second.url}/crypto/payment/${id}`, { headers: { 'x-api-key': apiKey } }).then((r) => r.json()),
        ),
      );
      const withoutUrls = (p: Record<string, unknown>) => ({ ...p, links: undefined });
      expect(after.map(withoutUrls)).toEqual(before.map(withoutUrls));
      // idempotency survives the restart too
      const again = await fetch(`${second.url}/crypto/deposit/invoice`, {
        method: 'POST',
        headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ ...QUICK_START, externalId: 'restart-0' }),
      });
      expect(((await again.json()) as { id: string }).id).toBe(created[0]);
      expect((await second.services.payments.timeline(created[0]!)).map((e) => e.type)).toEqual(['payment.created']);
      await second.close();
    } finally {
      dir.remove();
    }
  });

  it('refuses a second service on the same data directory with a clear message', async () => {
    const dir = tempDir();
    try {
      const first = await startTestServer({ dataDir: dir.path });
      await expect(startTestServer({ dataDir: dir.path })).rejects.toThrow(DataDirectoryInUseError);
      await first.close();
      const again = await startTestServer({ dataDir: dir.path });
      await again.close();
    } finally {
      dir.remove();
    }
  });

  it('refuses a database written by a newer version', () => {
    const dir = tempDir();
    try {
      const file = join(dir.path, 'future.db');
      const db = openDatabase(file);
      expect(schemaVersion(db)).toBe(migrations.length);
      db.pragma(`user_version = ${migrations.length + 1}`);
      db.close();
      expect(() => openDatabase(file)).toThrow(DatabaseFromFutureError);
    } finally {
      dir.remove();
    }
  });
});
