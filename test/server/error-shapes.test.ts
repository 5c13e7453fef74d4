import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorSchema } from '../../server/http/responses';
import { hostHeaderProblem } from '../../server/plugins/host-header';
import { createTestApp, type TestApp } from '../helpers/test-app';

/** Writes raw bytes to the listening service and collects everything it answers until it closes the socket. */
function rawExchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.end(request);
  });
}

function parseRaw(text: string): { status: number; headers: string; body: unknown } {
  const [head = '', body = ''] = text.split('\r\n\r\n');
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]), headers: head.toLowerCase(), body: JSON.parse(body) };
}

describe('inputs that once escaped the documented error shape', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t.close();
  });

  const expectShape = (res: { statusCode: number; json(): unknown }, status: number, code: string, field?: string) => {
    expect(res.statusCode).toBe(status);
    const body = res.json();
    expect(ErrorSchema.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({ error: { code, ...(field ? { field } : {}) } });
  };

  it('the widget preview without a usable signature is a 400 naming the field', async () => {
    expectShape(await t.app.inject({ url: '/console/widget-preview' }), 400, 'VALIDATION_ERROR', 'signature');
    expectShape(
      await t.app.inject({ url: '/console/widget-preview?signature=v1.x' }),
      400,
      'VALIDATION_ERROR',
      'signature',
    );
    expectShape(
      await t.app.inject({ url: '/console/widget-preview?signature=a&signature=b' }),
      400,
      'VALIDATION_ERROR',
      'signature',
    );
  });

  it('a console cookie that is not valid percent-encoding is just an unknown session', async () => {
    expectShape(
      await t.app.inject({ url: '/console/api/session', headers: { cookie: 'tontill_console=%' } }),
      401,
      'UNAUTHORIZED',
    );
    expectShape(
      await t.app.inject({ url: '/console/api/session', headers: { cookie: 'a=1; tontill_console=%E0%A4%A' } }),
      401,
      'UNAUTHORIZED',
    );
  });

  it('a path that is not valid percent-encoding is a 400 naming the path', async () => {
    expectShape(await t.app.inject({ url: '/crypto/payment/%' }), 400, 'VALIDATION_ERROR', 'path');
    expectShape(await t.app.inject({ url: '/pay/%E0%A4%A/status' }), 400, 'VALIDATION_ERROR', 'path');
  });

  it('a path parameter longer than the router accepts is a 414 naming the path', async () => {
    const res = await t.app.inject({ url: `/crypto/payment/${'a'.repeat(101)}`, headers: { 'x-api-key': t.apiKey } });
    expectShape(res, 414, 'VALIDATION_ERROR', 'path');
    expect(res.headers['content-security-policy']).toBeDefined();
  });

  it("HEAD on a payment's event stream answers with the stream's head instead of never", async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/invoice/deposit',
      headers: { 'x-api-key': t.apiKey },
      payload: { currency: 'USDT', mainCurrency: 'TON', amount: '1.00' },
    });
    const res = await fetch(`http://127.0.0.1:${port}/pay/${created.json().id}/events`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  });

  it('a request line that is not HTTP gets the documented shape, then the connection closes', async () => {
    const res = parseRaw(await rawExchange(port, 'GARBAGE\r\n\r\n'));
    expect(res.status).toBe(400);
    expect(ErrorSchema.safeParse(res.body).success).toBe(true);
    expect(res.body).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
    expect(res.headers).toContain('connection: close');
  });

  it('a request without a Host header gets a 400 naming the header, in the documented shape', async () => {
    for (const path of ['/healthz', '/crypto/payments', '/console/api/session']) {
      const res = parseRaw(await rawExchange(port, `GET ${path} HTTP/1.1\r\nConnection: close\r\n\r\n`));
      expect(res.status, path).toBe(400);
      expect(ErrorSchema.safeParse(res.body).success, path).toBe(true);
      expect(res.body, path).toMatchObject({ error: { code: 'VALIDATION_ERROR', field: 'host' } });
    }
    expect(parseRaw(await rawExchange(port, 'GET /healthz HTTP/1.0\r\n\r\n')).status).toBe(200);
  });

  it('decides about the Host header in a pure function', () => {
    expect(hostHeaderProblem(undefined, '1.1')).toContain('required');
    expect(hostHeaderProblem('', '1.1')).toContain('required');
    expect(hostHeaderProblem('127.0.0.1:8787', '1.1')).toBeNull();
    // HTTP/1.0 has no Host (health probes still speak it); Node never required one there either
    expect(hostHeaderProblem(undefined, '1.0')).toBeNull();
  });

  it('a body nested deeper than 64 levels is a 400 naming where it got too deep, not a stack overflow', async () => {
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    const session = await t.services.sessions.createSession();
    for (const [url, headers] of [
      ['/invoice/deposit', { 'x-api-key': t.apiKey }],
      ['/console/api/catalogue', { authorization: `Bearer ${session}` }],
    ] as const) {
      const method = url.startsWith('/console') ? 'PUT' : 'POST';
      const res = await t.app.inject({
        method,
        url,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: deep,
      });
      expectShape(res, 400, 'VALIDATION_ERROR');
      expect(res.json().error.message, url).toContain('nested deeper than 64');
      const nested = await t.app.inject({
        method,
        url,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: `{"metadata":{"a":${deep}}}`,
      });
      expectShape(nested, 400, 'VALIDATION_ERROR', `metadata.a${'.0'.repeat(62)}`);
    }
  });

  it('a body sent as text/plain (what fetch sends for a string) is a 415 saying to send JSON', async () => {
    const session = await t.services.sessions.createSession();
    const payload = JSON.stringify({ currency: 'USDT', mainCurrency: 'TON', amount: '1.00' });
    const deposit = await t.app.inject({
      method: 'POST',
      url: '/invoice/deposit',
      headers: { 'x-api-key': t.apiKey, 'content-type': 'text/plain;charset=UTF-8' },
      payload,
    });
    expectShape(deposit, 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect(deposit.json().error.message).toContain('application/json');
    const store = await t.app.inject({
      method: 'PUT',
      url: '/console/api/settings/store',
      headers: { authorization: `Bearer ${session}`, 'content-type': 'text/plain' },
      payload: '{"name":"Tea","contact":""}',
    });
    expectShape(store, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('oversized headers get a 431 in the documented shape', async () => {
    const res = parseRaw(
      await rawExchange(port, `GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
    );
    expect(res.status).toBe(431);
    expect(res.body).toMatchObject({ error: { code: 'VALIDATION_ERROR', field: 'headers' } });
  });
});
