import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/service-process';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { startTestServer, type TestServer } from '../helpers/test-server';

/** Store-wide webhook endpoints without a console session: the merchant API key, or a shell on the service's machine. */
describe('webhook endpoints with the API key', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const api = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, key: string | null = t.apiKey) =>
    t.app.inject({ method, url, headers: key ? { 'x-api-key': key } : {}, ...(payload ? { payload } : {}) });

  it('adds one, shows its secret once, lists it without the secret and removes it', async () => {
    const created = await api('POST', '/crypto/webhook-endpoints', {
      url: 'https://shop.example/hooks',
      events: ['payment.paid', 'payment.expired'],
    });
    expect(created.statusCode).toBe(200);
    const { endpoint, secret } = created.json();
    expect(secret).toMatch(/^whsec_/);
    expect(endpoint).toMatchObject({
      url: 'https://shop.example/hooks',
      events: ['payment.paid', 'payment.expired'],
      enabled: true,
    });
    // stored as the console stores it: the endpoint's own signing secret, in the ledger
    const [stored] = await t.rows<{ secret: string }>(
      `SELECT secret FROM webhook_endpoints WHERE id = '${endpoint.id}'`,
    );
    expect(stored?.secret).toBe(secret);

    const listed = await api('GET', '/crypto/webhook-endpoints');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().items.map((e: { id: string }) => e.id)).toContain(endpoint.id);
    expect(listed.body).not.toContain(secret);

    const audit = await t.rows<{ action: string; actor: string }>(
      "SELECT action, actor FROM audit_log WHERE action LIKE 'webhook.%'",
    );
    expect(audit).toContainEqual({ action: 'webhook.endpoint_create', actor: expect.stringMatching(/^api key /) });

    expect((await api('DELETE', `/crypto/webhook-endpoints/${endpoint.id}`)).statusCode).toBe(204);
    expect((await api('GET', '/crypto/webhook-endpoints')).json().items).toEqual([]);
    const gone = await api('DELETE', `/crypto/webhook-endpoints/${endpoint.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.code).toBe('NOT_FOUND');
  });

  it('refuses a missing key, a bad URL and an unknown event, naming the field', async () => {
    expect((await api('GET', '/crypto/webhook-endpoints', undefined, null)).statusCode).toBe(401);
    const badUrl = await api('POST', '/crypto/webhook-endpoints', { url: 'ftp://shop.example', events: ['*'] });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json().error.field).toBe('url');
    const badEvent = await api('POST', '/crypto/webhook-endpoints', {
      url: 'https://shop.example/h',
      events: ['payment.nope'],
    });
    expect(badEvent.statusCode).toBe(400);
    expect(badEvent.json().error.field).toBe('events.0');
  });

  it('is in the OpenAPI document, under the API key', async () => {
    const doc = (await t.app.inject({ url: '/openapi.json' })).json();
    for (const [path, method] of [
      ['/crypto/webhook-endpoints', 'get'],
      ['/crypto/webhook-endpoints', 'post'],
      ['/crypto/webhook-endpoints/{id}', 'delete'],
    ]) {
      expect(doc.paths[path!]?.[method!]?.security, `${method} ${path}`).toEqual([{ apiKey: [] }]);
    }
  });
});

describe('npm run webhooks -- add | list | remove', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.dispose());

  // one or two commands per test: each is a process of its own, and a loaded machine takes seconds to start one
  const dataDir = () => ['--data-dir', server.dataDir];
  let secret = '';
  let endpointId = '';

  it('`add` adds an endpoint through the running service and prints its secret alone on the last line', async () => {
    const added = await runCli('webhooks', [
      'add',
      'http://127.0.0.1:9/hook',
      '--events',
      'payment.paid,payment.expired',
      ...dataDir(),
    ]);
    expect(added.code, added.out).toBe(0);
    expect(added.lastLine).toMatch(/^whsec_/);
    const [endpoint] = await server.services.webhooks.listEndpoints();
    expect(endpoint).toMatchObject({
      url: 'http://127.0.0.1:9/hook',
      events: ['payment.paid', 'payment.expired'],
      secret: added.lastLine,
    });
    expect(added.out).toContain(endpoint!.id);
    [secret, endpointId] = [added.lastLine, endpoint!.id];
  });

  it('`list` shows it without its secret', async () => {
    await server.services.webhooks.createEndpoint({ url: 'http://127.0.0.1:9/all', events: ['*'] });
    const listed = await runCli('webhooks', ['list', ...dataDir()]);
    expect(listed.out).toContain(
      `${endpointId}  active  http://127.0.0.1:9/hook  events: payment.paid,payment.expired`,
    );
    expect(listed.out).toContain('http://127.0.0.1:9/all  events: *');
    expect(listed.out).not.toContain(secret);
  });

  it('`remove` removes it', async () => {
    const removed = await runCli('webhooks', ['remove', endpointId, ...dataDir()]);
    expect(removed.code, removed.out).toBe(0);
    expect((await server.services.webhooks.listEndpoints()).map((e) => e.url)).toEqual(['http://127.0.0.1:9/all']);
  });

  it('says what the service refused, and how to call it', async () => {
    const refused = await runCli('webhooks', ['add', 'ftp://127.0.0.1/hook', ...dataDir()]);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('url: only http(s) URLs are allowed');
    const usage = await runCli('webhooks', ['remove', ...dataDir()]);
    expect(usage.code).toBe(2);
    expect(usage.out).toContain('add URL');
  });
});
