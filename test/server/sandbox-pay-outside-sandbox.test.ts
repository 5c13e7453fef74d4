import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import type { RuntimeHandle } from '../../server/runtime/runtime';
import { ErrorSchema } from '../../server/http/responses';
import { createTestApp, QUICK_START, TEST_CHAIN, type TestApp } from '../helpers/test-app';

/** A chain that never opens: toncenter unreachable, so everything that waits for it is refused. */
function unreachableChain(mode: 'mainnet' | 'testnet'): RuntimeHandle {
  const unreachable = () => Promise.reject(new Error('toncenter is unreachable'));
  return {
    info: { ...TEST_CHAIN, mode },
    current: () => null,
    ready: unreachable,
    sandboxSimulator: unreachable,
    sourceFor: () => null,
    restart: unreachable,
  };
}

describe('the sandbox pay button outside sandbox mode', () => {
  let t: TestApp;
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await t.close();
  });

  for (const mode of ['mainnet', 'testnet'] as const) {
    it(`is a 404 on ${mode}, even while the chain cannot be reached`, async () => {
      const app = await buildApp({ services: t.services, runtime: unreachableChain(mode) });
      apps.push(app);
      const created = await app.inject({
        method: 'POST',
        url: '/invoice/deposit',
        headers: { 'x-api-key': t.apiKey },
        payload: { ...QUICK_START, externalId: mode },
      });
      expect(created.statusCode).toBe(200);
      const res = await app.inject({ method: 'POST', url: `/pay/${created.json().id}/sandbox-pay` });
      expect(res.statusCode).toBe(404);
      expect(ErrorSchema.safeParse(res.json()).success).toBe(true);
      expect(res.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    });
  }
});
