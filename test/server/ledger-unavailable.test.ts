import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorSchema } from '../../server/http/responses';
import { createTestApp, QUICK_START, type TestApp } from '../helpers/test-app';

describe('a disk that refuses to confirm a write', () => {
  let t: TestApp;
  let diskFails = false;
  beforeAll(async () => {
    t = await createTestApp({
      flushWal: async () => {
        if (diskFails) throw Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' });
      },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const create = (externalId: string) =>
    t.app.inject({
      method: 'POST',
      url: '/crypto/deposit/invoice',
      headers: { 'x-api-key': t.apiKey },
      payload: { ...QUICK_START, externalId },
    });

  it('answers 503 LEDGER_UNAVAILABLE for that write and every later one, says what to do, and still serves reads', async () => {
    const before = await create('before-the-failure');
    expect(before.statusCode).toBe(200);

    diskFails = true;
    for (const externalId of ['refused', 'refused-again']) {
      const res = await create(externalId);
      expect(res.statusCode).toBe(503);
      const body = res.json();
      expect(ErrorSchema.safeParse(body).success).toBe(true);
      expect(body.error.code).toBe('LEDGER_UNAVAILABLE');
      expect(body.error.message).toMatch(/restart TonTill/);
      expect(res.body).not.toMatch(/EIO|fsync|stack/);
    }

    // a healthy disk again does not undo it: what the failed flush left on the disk is unknown
    diskFails = false;
    expect((await create('after-the-disk-recovers')).statusCode).toBe(503);

    const status = await t.app.inject({
      method: 'GET',
      url: `/crypto/payment/${before.json().id}`,
      headers: { 'x-api-key': t.apiKey },
    });
    expect(status.statusCode).toBe(200);
    expect(status.json().status).toBe('pending');
  });
});
