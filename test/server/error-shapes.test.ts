import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorSchema } from '../../server/http/responses';
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
  afterAll(async () => { await t.close(); });

  const expectShape = (res: { statusCode: number; json(): unknown }, status: number, code: string, field?: string) => {
    expect(res.statusCode).toBe(status);
    const body = res.json();
    expect(ErrorSchema.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({ error: { code, ...(field ? { field } : {}) } });
  };

  it('the widget preview without a usable signature is a 400 naming the field', async () => {
    expectShape(await t.app.inject({ url: '/console/widget-preview' }), 400, 'VALIDATION_ERROR', 'signature');
    expectShape(await t.app.inject({ url: '/console/widget-preview?signature=v1.x' }), 400, 'VALIDATION_ERROR', 'signature');
    expectShape(await t.app.inject({ url: '/console/widget-preview?signature=a&signature=b' }), 400, 'VALIDATION_ERROR', 'signature');
  });

  it('a console cookie that is not valid percent-encoding is just an unknown session', async () => {
    expectShape(await t.app.inject({ url: '/console/api/session', headers: { cookie: 'tontill_console=%' } }), 401, 'UNAUTHORIZED');
    expectShape(await t.app.inject({ url: '/console/api/session', headers: { cookie: 'a=1; tontill_console=%E0%A4%A' } }), 401, 'UNAUTHORIZED');
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

  it('HEAD on a payment\'s event stream answers with the stream\'s head instead of never', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/invoice/deposit', headers: { 'x-api-key': t.apiKey }, payload: { currency: 'USDT', mainCurrency: 'TON', amount: '1.00' } });
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

  it('oversized headers get a 431 in the documented shape', async () => {
    const res = parseRaw(await rawExchange(port, `GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`));
    expect(res.status).toBe(431);
    expect(res.body).toMatchObject({ error: { code: 'VALIDATION_ERROR', field: 'headers' } });
  });
});
