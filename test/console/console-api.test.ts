import { Address } from '@ton/core';
import BetterSqlite3 from 'better-sqlite3';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { csvCell } from '../../server/console-api/payment-console-routes';
import { localMidnight } from '../../server/console-api/stats-routes';
import { openDatabase, closeDatabase } from '../../server/db/database';
import { migrations } from '../../server/db/migrations/index';
import { lockDataDirectory } from '../../server/db/data-dir-lock';
import { applyStagedRestore, restoreFile } from '../../server/db/restore';
import { verifyEpp } from '../../server/epp/epp-signature';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { TEST_ENGINE } from '../helpers/test-database';

/** reads or breaks the SQLite file itself (its query plans, backups, file modes): nothing of it exists on PostgreSQL */
const SQLITE_ONLY = TEST_ENGINE === 'postgres';

let t: TestApp;
let auth: Record<string, string>;
const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
  const res = await t.app.inject({ method, url: `/console/api${url}`, headers: auth, ...(payload ? { payload } : {}) });
  return {
    status: res.statusCode,
    body: res.headers['content-type']?.toString().includes('json') ? res.json() : res.body,
    res,
  };
};
const invoice = async (amount: string, externalId?: string) =>
  (
    await t.services.payments.create('invoice', {
      currency: 'USDT',
      mainCurrency: 'TON',
      amount,
      ...(externalId ? { externalId } : {}),
    })
  ).payment;
const SETTINGS = {
  chain: { mode: 'sandbox' },
  payments: { defaultExpirySeconds: 1800, monitoringWindowSeconds: 3600 },
  allowedOrigins: [],
};

describe('console API for the screens', () => {
  beforeEach(async () => {
    t = await createTestApp();
    auth = { authorization: `Bearer ${await t.services.sessions.createSession()}` };
  });
  afterEach(async () => t.close());

  it('lists payments newest first with keyset pages, filters and search by id, memo or order reference', async () => {
    // one after another: "newest first" is the order they were made in
    const made = [];
    for (let i = 0; i < 7; i += 1) made.push(await invoice(`${i + 1}.00`, `order-${i}`));
    await t.services.payments.cancel(made[2]!.id);
    const first = await call('GET', '/payments?limit=3');
    expect(first.body.items.map((p: { id: string }) => p.id)).toEqual([made[6]!.id, made[5]!.id, made[4]!.id]);
    const second = await call('GET', `/payments?limit=3&cursor=${first.body.nextCursor}`);
    expect(second.body.items.map((p: { id: string }) => p.id)).toEqual([made[3]!.id, made[2]!.id, made[1]!.id]);
    expect((await call('GET', '/payments?status=cancelled')).body.items).toHaveLength(1);
    expect((await call('GET', `/payments?q=${made[3]!.id}`)).body.items[0].id).toBe(made[3]!.id);
    expect((await call('GET', `/payments?q=${made[4]!.memo.toLowerCase()}`)).body.items[0].id).toBe(made[4]!.id);
    expect((await call('GET', '/payments?q=order-')).body.items).toHaveLength(7);
    expect((await call('GET', '/payments?createdFrom=2030-01-01')).body.items).toHaveLength(0);
    expect((await call('GET', '/payments?status=nope')).body.error.field).toBe('status');
  });

  it.skipIf(SQLITE_ONLY)('the first page walks the seq key and stops at the limit, with or without filters', () => {
    const plan = (sql: string) =>
      t.db
        .prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .all()
        .map((r) => (r as { detail: string }).detail)
        .join(' | ');
    expect(plan('SELECT * FROM payments ORDER BY seq DESC LIMIT 101')).not.toMatch(/TEMP B-TREE/);
    expect(
      plan("SELECT * FROM payments WHERE status = 'paid' AND +created_at >= 0 ORDER BY seq DESC LIMIT 101"),
    ).toMatch(/payments_status_seq/);
    expect(
      plan("SELECT * FROM payments WHERE status = 'paid' AND +created_at >= 0 ORDER BY seq DESC LIMIT 101"),
    ).not.toMatch(/TEMP B-TREE/);
    expect(plan('SELECT SUM(paid_amount) FROM payments WHERE paid_at >= 0 AND paid_at < 10')).toMatch(
      /COVERING INDEX payments_paid_at/,
    );
  });

  it('creates, shows (with its timeline) and cancels an invoice', async () => {
    const created = await call('POST', '/payments', { amount: '9.99', externalId: 'desk-1', description: 'Tea' });
    expect(created.body).toMatchObject({ kind: 'invoice', amount: '9.99', status: 'pending' });
    expect((await call('POST', '/payments', { amount: '-1' })).body.error.field).toBe('amount');
    expect((await call('POST', '/payments', { amount: '1.00', externalId: 'desk-1' })).status).toBe(409);
    await call('POST', `/payments/${created.body.id}/cancel`);
    const detail = await call('GET', `/payments/${created.body.id}`);
    expect(detail.body.events.map((e: { type: string }) => e.type)).toEqual(['payment.created', 'payment.cancelled']);
    expect((await call('POST', `/payments/${created.body.id}/cancel`)).status).toBe(409);
  });

  it('streams CSV that a spreadsheet cannot run as formulas', async () => {
    await invoice('1.00', '=HYPERLINK("http://evil")');
    await invoice('2.50', 'plain, with comma');
    const csv = await call('GET', '/payments/export.csv');
    expect(csv.res.headers['content-type']).toContain('text/csv');
    expect(csv.res.headers['content-disposition']).toMatch(/attachment; filename="tontill-payments-/);
    const lines = (csv.body as string).trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(csv.body).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(csv.body).toContain('"plain, with comma"');
    expect(csvCell('+1')).toBe("'+1");
  });

  it('stats count by status and sum paid volume by local day', async () => {
    await invoice('5.00');
    const stats = await call('GET', '/stats?tzOffset=-120');
    expect(stats.body.counts.pending).toBe(1);
    expect(stats.body.series).toHaveLength(14);
    expect(stats.body.today).toEqual({ volume: '0.00', count: 0 });
    // 2026-11-21T23:30Z is already the 22nd in UTC+2: its day starts at 22:00Z the evening before.
    expect(new Date(localMidnight(Date.UTC(2026, 10, 21, 23, 30), -120)).toISOString()).toBe(
      '2026-11-21T22:00:00.000Z',
    );
    expect(new Date(localMidnight(Date.UTC(2026, 10, 21, 3, 0), 300)).toISOString()).toBe('2026-11-20T05:00:00.000Z');
  });

  it('validates settings (every problem at once) and saves them to config.json for the next start', async () => {
    const bad = await call('POST', '/settings/validate', {
      ...SETTINGS,
      chain: { mode: 'testnet', merchantAddress: 'xyz', toncenterEndpoint: 'ftp://x' },
      allowedOrigins: ['https://a.example/path'],
    });
    expect(bad.body.valid).toBe(false);
    expect(bad.body.problems.map((p: { field: string }) => p.field).sort()).toEqual([
      'allowedOrigins.0',
      'chain.jettonMaster',
      'chain.merchantAddress',
      'chain.toncenterEndpoint',
    ]);
    const testnetWallet = new Address(0, Buffer.alloc(32, 5)).toString({ testOnly: true });
    const onMainnet = await call('PUT', '/settings', {
      ...SETTINGS,
      chain: { mode: 'mainnet', merchantAddress: testnetWallet },
    });
    expect(onMainnet.status).toBe(400);
    expect(onMainnet.body.error).toMatchObject({
      field: 'chain.merchantAddress',
      message: expect.stringContaining('testnet address'),
    });
    const wallet = new Address(0, Buffer.alloc(32, 5)).toString();
    writeFileSync(join(t.dataDir, 'config.json'), JSON.stringify({ port: 9000, chain: { pollIntervalMs: 5000 } }));
    const saved = await call('PUT', '/settings', {
      ...SETTINGS,
      chain: { mode: 'mainnet', merchantAddress: wallet, toncenterApiKey: 'k-123' },
      allowedOrigins: ['https://shop.example'],
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      restartRequired: true,
      allowedOrigins: ['https://shop.example'],
      saved: { chain: { mode: 'mainnet', hasToncenterApiKey: true } },
    });
    expect(JSON.stringify(saved.body)).not.toContain('k-123');
    const file = JSON.parse(readFileSync(join(t.dataDir, 'config.json'), 'utf8'));
    expect(file).toMatchObject({
      port: 9000,
      chain: { pollIntervalMs: 5000, mode: 'mainnet', merchantAddress: wallet, toncenterApiKey: 'k-123' },
    });
    await call('PUT', '/settings', { ...SETTINGS, chain: { mode: 'mainnet', merchantAddress: wallet } });
    expect(JSON.parse(readFileSync(join(t.dataDir, 'config.json'), 'utf8')).chain.toncenterApiKey).toBe('k-123');
  });

  it.skipIf(SQLITE_ONLY)(
    'backs up online, refuses a non-ledger or future upload, stages a good one and applies it at the next start',
    async () => {
      await invoice('1.00', 'in-backup');
      const backup = await call('GET', '/backup');
      expect(backup.res.rawPayload.subarray(0, 15).toString()).toBe('SQLite format 3');
      await invoice('2.00', 'after-backup');
      const junk = await t.app.inject({
        method: 'POST',
        url: '/console/api/restore',
        headers: { ...auth, 'content-type': 'application/octet-stream' },
        payload: Buffer.from('not a database at all'),
      });
      expect(junk.json().error).toMatchObject({
        field: 'file',
        message: expect.stringContaining('not an SQLite database'),
      });
      const future = join(t.dataDir, 'future.db');
      const f = openDatabase(future);
      f.pragma(`user_version = ${migrations.length + 1}`);
      closeDatabase(f);
      const fromFuture = await t.app.inject({
        method: 'POST',
        url: '/console/api/restore',
        headers: { ...auth, 'content-type': 'application/octet-stream' },
        payload: readFileSync(future),
      });
      expect(fromFuture.json().error.message).toContain('newer TonTill');
      const staged = await t.app.inject({
        method: 'POST',
        url: '/console/api/restore',
        headers: { ...auth, 'content-type': 'application/octet-stream' },
        payload: backup.res.rawPayload,
      });
      expect(staged.json()).toMatchObject({ staged: true, payments: 1 });
      expect((await call('GET', '/settings')).body.restoreStaged).toBe(true);
      await t.app.close();
      closeDatabase(t.db);
      const lock = lockDataDirectory(t.dataDir);
      const outcome = applyStagedRestore(lock);
      lock.release();
      expect(outcome).toMatchObject({ applied: true });
      expect(existsSync(restoreFile(t.dataDir))).toBe(false);
      const restored = new BetterSqlite3(join(t.dataDir, 'tontill.db'), { readonly: true });
      expect(restored.prepare('SELECT external_id FROM payments').pluck().all()).toEqual(['in-backup']);
      restored.close();
      const previous = new BetterSqlite3((outcome as { previous: string }).previous, { readonly: true });
      expect(previous.prepare('SELECT COUNT(*) FROM payments').pluck().get()).toBe(2);
      previous.close();
    },
  );

  it('a widget preview session in Toncoin makes a TON test payment, and its signature names the asset for the button', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/console/api/widget-preview/session',
      headers: { ...auth, host: '127.0.0.1:8787' },
      payload: { amount: '1.5', currency: 'TON' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { paymentId, signature } = res.json();
    expect(await t.services.payments.view(paymentId)).toMatchObject({ currency: 'TON', amount: '1.50' });
    expect(verifyEpp(signature, t.services.eppSecret, Math.floor(t.clock.now() / 1000), true)).toMatchObject({
      ok: true,
      claims: { paymentId },
    });
    // the widget reads the symbol from the signature itself, before it asks the service anything
    const payload = JSON.parse(Buffer.from(String(signature).split('.')[1]!, 'base64url').toString('utf8'));
    expect(payload.sym).toBe('TON');
  });

  it('widget preview sessions are signed for the console origin, and refused on mainnet', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/console/api/widget-preview/session',
      headers: { ...auth, host: '127.0.0.1:8787' },
      payload: {},
    });
    expect(res.json()).toMatchObject({
      serviceOrigin: 'http://127.0.0.1:8787',
      amount: '10.00',
      signature: expect.stringMatching(/^v1\./),
    });
    const doc = await t.app.inject({
      method: 'GET',
      url: `/console/widget-preview?signature=${res.json().signature}&mode=small-widgets&consoleOrigin=https://evil.example`,
      headers: { host: '127.0.0.1:8787' },
    });
    expect(doc.headers['content-security-policy']).toMatch(/frame-ancestors 'self'$/);
    expect(doc.body).toContain('"consoleOrigin":"http://127.0.0.1:8787"');
    expect(doc.body).toContain(`content="frame-src 'self' http://127.0.0.1:8787"`);
    const mainnet = await createTestApp({
      config: { chain: { mode: 'mainnet', merchantAddress: new Address(0, Buffer.alloc(32, 1)).toString() } },
    });
    try {
      const refused = await mainnet.app.inject({
        method: 'POST',
        url: '/console/api/widget-preview/session',
        headers: { authorization: `Bearer ${await mainnet.services.sessions.createSession()}` },
        payload: {},
      });
      expect(refused.statusCode).toBe(403);
    } finally {
      await mainnet.close();
    }
  });
});
