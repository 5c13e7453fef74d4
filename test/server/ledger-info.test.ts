import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LedgerInfoSchema, type LedgerCapabilities } from '../../contract/console';
import { createTestApp, tempDir, type TestApp } from '../helpers/test-app';
import { TEST_ENGINE, testDatabaseUrl, type TestEngine } from '../helpers/test-database';
import { startTestServer, type TestServer } from '../helpers/test-server';

/** What each engine lets the console offer: files it backs up itself on SQLite, one ledger shared by instances on PostgreSQL. */
const capabilitiesOf = (engine: TestEngine): LedgerCapabilities =>
  engine === 'sqlite' ? { backups: 'file', sharedLedger: false } : { backups: 'external', sharedLedger: true };

// Runs in both projects: the console learns where the ledger lives, and on PostgreSQL that there are no backups routes to call.
describe('GET /console/api/ledger: where the ledger lives', () => {
  describe('the app alone (createTestApp)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(async () => t.close());

    const as = async (token: string, url: string) =>
      t.app.inject({ url, headers: { authorization: `Bearer ${token}` } });

    it("answers the test project's engine to the owner", async () => {
      const res = await as(await t.services.sessions.createSession(), '/console/api/ledger');
      expect(res.statusCode).toBe(200);
      expect(LedgerInfoSchema.parse(res.json())).toEqual({
        engine: TEST_ENGINE,
        instance: null,
        watching: false,
        capabilities: capabilitiesOf(TEST_ENGINE),
      });
    });

    it('has the backups routes exactly when its capabilities say backups are files, which is what the console goes by', async () => {
      const token = await t.services.sessions.createSession();
      const { capabilities } = LedgerInfoSchema.parse((await as(token, '/console/api/ledger')).json());
      const res = await as(token, '/console/api/backups');
      expect(res.statusCode).toBe(capabilities.backups === 'file' ? 200 : 404);
      expect(res.statusCode).toBe(TEST_ENGINE === 'sqlite' ? 200 : 404);
    });

    it("is the owner's: a cashier is refused", async () => {
      const { cashier } = await t.services.cashiers.create('Ana', null, 'owner');
      const token = (await t.storage.write((uow) => t.services.sessions.startCashierSession(uow, cashier.id)))!;
      const res = await as(token, '/console/api/ledger');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
      expect((await t.app.inject({ url: '/console/api/ledger' })).statusCode).toBe(401);
    });
  });

  describe('the service as it runs (startServer)', () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer();
    });
    afterAll(async () => s.dispose());

    const ledger = async (on: TestServer = s) => {
      const res = await fetch(`${on.url}/console/api/ledger`, {
        headers: { authorization: `Bearer ${await on.services.sessions.createSession()}` },
      });
      expect(res.status).toBe(200);
      return LedgerInfoSchema.parse(await res.json());
    };

    it("names this instance on a shared ledger, and says it watches the chain once it does (the only instance takes the watcher's lease)", async () => {
      const first = await ledger();
      expect(first.engine).toBe(TEST_ENGINE);
      expect(first.capabilities).toEqual(capabilitiesOf(TEST_ENGINE));
      if (TEST_ENGINE === 'postgres') expect(first.instance).toBe(s.shared!.instanceId);
      else expect(first.instance).toBeNull();
      await expect.poll(async () => (await ledger()).watching, { timeout: 15_000 }).toBe(true);
    });

    it.runIf(TEST_ENGINE === 'postgres')(
      'a second instance on the same ledger names itself and stands by',
      async () => {
        await expect.poll(async () => (await ledger()).watching, { timeout: 15_000 }).toBe(true);
        const dir = tempDir();
        const second = await startTestServer({
          dataDir: dir.path,
          config: { database: { url: await testDatabaseUrl(s.dataDir) } },
        });
        try {
          expect(await ledger(second)).toEqual({
            engine: 'postgres',
            instance: second.shared!.instanceId,
            watching: false,
            capabilities: capabilitiesOf('postgres'),
          });
          expect(second.shared!.instanceId).not.toBe(s.shared!.instanceId);
          expect((await ledger()).watching).toBe(true);
        } finally {
          await second.close();
          dir.remove();
        }
      },
    );
  });
});
