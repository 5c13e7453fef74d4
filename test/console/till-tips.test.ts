import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server';

/** Tips at the till, on the service: the owner's settings, and a tip recorded with the invoice that includes it. */
describe('tips at the till', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.dispose());

  const consoleCall = async (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    server.app.inject({
      method,
      url: `/console/api${url}`,
      headers: { authorization: `Bearer ${await server.services.sessions.createSession()}`, origin: server.url },
      ...(payload ? { payload } : {}),
    });

  it('are off by default, with 10, 15 and 20 percent ready to turn on', async () => {
    expect((await consoleCall('GET', '/settings/tips')).json()).toEqual({ enabled: false, presets: [10, 15, 20] });
  });

  it('keep what the owner saves, and refuse a percentage that is no whole percent, naming the field', async () => {
    const saved = await consoleCall('PUT', '/settings/tips', { enabled: true, presets: [5, 12] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await consoleCall('GET', '/settings/tips')).json()).toEqual({ enabled: true, presets: [5, 12] });
    for (const presets of [[12.5], [], [1, 2, 3, 4], [0]]) {
      const res = await consoleCall('PUT', '/settings/tips', { enabled: true, presets });
      expect(res.statusCode, JSON.stringify(presets)).toBe(400);
      expect(res.json()).toMatchObject({
        error: { code: 'VALIDATION_ERROR', field: expect.stringMatching(/^presets/) },
      });
    }
  });

  it('record the tip an invoice includes, and refuse one that is not less than the amount', async () => {
    const created = await consoleCall('POST', '/payments', { amount: '14.38', tip: '1.88' });
    expect(created.statusCode, created.body).toBe(200);
    const id = (created.json() as { id: string }).id;
    expect((await consoleCall('GET', `/payments/${id}`)).json()).toMatchObject({ tipAmount: '1.88' });
    const untipped = (await consoleCall('POST', '/payments', { amount: '3.00' })).json() as { id: string };
    expect((await consoleCall('GET', `/payments/${untipped.id}`)).json()).not.toHaveProperty('tipAmount');
    const refused = await consoleCall('POST', '/payments', { amount: '2.00', tip: '2.00' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: { field: 'tip' } });
  });
});
