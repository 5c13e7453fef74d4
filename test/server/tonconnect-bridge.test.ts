import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { createTestApp } from '../helpers/test-app';
import { startTestServer, type TestServer } from '../helpers/test-server';

/** A fresh bridge client id: 32 random bytes as hex, the shape of a session public key. */
const newClientId = () => randomBytes(32).toString('hex');

interface Frame {
  id: string | null;
  event: string;
  data: string;
}

/** One bridge stream, read frame by frame as EventSource would (heartbeats included, as raw text). */
async function openStream(base: string, clientIds: string[], lastEventId?: string) {
  const controller = new AbortController();
  const query = new URLSearchParams({ client_id: clientIds.join(',') });
  if (lastEventId) query.set('last_event_id', lastEventId);
  const res = await fetch(`${base}/bridge/events?${query}`, { signal: controller.signal });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const nextFrame = async (): Promise<Frame> => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const lines = block.split('\n');
        const field = (name: string) => lines.find((l) => l.startsWith(`${name}: `))?.slice(name.length + 2) ?? null;
        if (field('data') === null) continue; // the retry: block
        return { id: field('id'), event: field('event') ?? 'message', data: field('data')! };
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('stream ended');
      buffer += decoder.decode(value, { stream: true });
    }
  };
  return {
    /** the next message event, skipping heartbeats */
    async message(): Promise<{ id: string; from: string; message: string }> {
      for (;;) {
        const frame = await nextFrame();
        if (frame.event === 'heartbeat') continue;
        expect(frame.event).toBe('message');
        return { id: frame.id!, ...(JSON.parse(frame.data) as { from: string; message: string }) };
      }
    },
    nextFrame,
    close: () => controller.abort(),
  };
}

describe('the loopback TON Connect bridge (sandbox mode)', () => {
  let s: TestServer;
  const post = (from: string, to: string, body: string, ttl: number | string = 300, extra = '') =>
    fetch(`${s.url}/bridge/message?client_id=${from}&to=${to}&ttl=${ttl}&topic=sendTransaction${extra}`, {
      method: 'POST',
      body,
    });

  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(async () => {
    await s?.dispose();
  });

  it('carries messages both ways between two clients, each under its sender id', async () => {
    const [app, wallet] = [newClientId(), newClientId()];
    const appStream = await openStream(s.url, [app]);
    const walletStream = await openStream(s.url, [wallet]);
    const first = await appStream.nextFrame();
    expect(first).toMatchObject({ event: 'heartbeat', data: 'heartbeat' });

    const sent = await post(app, wallet, Buffer.from('connect request').toString('base64'));
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({ message: 'OK', statusCode: 200 });
    const atWallet = await walletStream.message();
    expect(atWallet).toMatchObject({ from: app, message: Buffer.from('connect request').toString('base64') });

    await post(wallet, app, Buffer.from('connect event').toString('base64'));
    const atApp = await appStream.message();
    expect(atApp.from).toBe(wallet);
    expect(Buffer.from(atApp.message, 'base64').toString()).toBe('connect event');
    expect(BigInt(atApp.id)).toBeGreaterThan(BigInt(atWallet.id));
    appStream.close();
    walletStream.close();
  });

  it('keeps messages until their ttl and replays only those after last_event_id on a reconnect', async () => {
    const [app, wallet] = [newClientId(), newClientId()];
    for (const text of ['one', 'two']) await post(app, wallet, Buffer.from(text).toString('base64'));
    const first = await openStream(s.url, [wallet]);
    const one = await first.message();
    const two = await first.message();
    expect([one, two].map((m) => Buffer.from(m.message, 'base64').toString())).toEqual(['one', 'two']);
    first.close();

    await post(app, wallet, Buffer.from('three').toString('base64'));
    const again = await openStream(s.url, [wallet], two.id);
    const next = await again.message();
    expect(Buffer.from(next.message, 'base64').toString()).toBe('three');
    again.close();

    // without last_event_id a client gets everything still kept
    const fresh = await openStream(s.url, [wallet]);
    expect(Buffer.from((await fresh.message()).message, 'base64').toString()).toBe('one');
    fresh.close();
  });

  it('listens on several comma-separated client ids at once', async () => {
    const [a, b, sender] = [newClientId(), newClientId(), newClientId()];
    const stream = await openStream(s.url, [a, b]);
    await post(sender, b, Buffer.from('to b').toString('base64'));
    await post(sender, a, Buffer.from('to a').toString('base64'));
    const got = [await stream.message(), await stream.message()].map((m) =>
      Buffer.from(m.message, 'base64').toString(),
    );
    expect(got).toEqual(['to b', 'to a']);
    stream.close();
  });

  it('drops a message once its ttl has passed', async () => {
    const [app, wallet] = [newClientId(), newClientId()];
    await post(app, wallet, Buffer.from('short-lived').toString('base64'), 60);
    await post(app, wallet, Buffer.from('long-lived').toString('base64'), 300);
    s.clock.advance(61_000);
    const stream = await openStream(s.url, [wallet]);
    // the first message the bridge still holds is the long-lived one
    expect(Buffer.from((await stream.message()).message, 'base64').toString()).toBe('long-lived');
    stream.close();
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const [a, b] = [newClientId(), newClientId()];
    const body = Buffer.from('x').toString('base64');
    const cases: [Promise<Response>, string][] = [
      [post('not-hex', b, body), 'client_id'],
      [post(a, b.slice(2), body), 'to'],
      [post(a, b, body, 0), 'ttl'],
      [post(a, b, body, 100_000), 'ttl'],
      [post(a, b, body, 'soon'), 'ttl'],
      [post(a, b, 'not base64!'), 'body'],
      [post(a, b, ''), 'body'],
      [fetch(`${s.url}/bridge/events`), 'client_id'],
      [fetch(`${s.url}/bridge/events?client_id=${a},zz`), 'client_id'],
      [fetch(`${s.url}/bridge/events?client_id=${a}&last_event_id=abc`), 'last_event_id'],
    ];
    for (const [answer, field] of cases) {
      const res = await answer;
      expect(res.status, field).toBe(400);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(((await res.json()) as { error: { field: string } }).error.field).toBe(field);
    }
  });

  it("caps one client's queue, so a page on loopback cannot fill the service's memory", async () => {
    const [a, b] = [newClientId(), newClientId()];
    const body = Buffer.from('spam').toString('base64');
    for (let i = 0; i < 100; i++) expect((await post(a, b, body)).status).toBe(200);
    const refused = await post(a, b, body);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('RATE_LIMITED');
    // another recipient is unaffected
    expect((await post(a, newClientId(), body)).status).toBe(200);
  });
});

describe('without a sandbox chain', () => {
  it('has no bridge and no sandbox wallet', async () => {
    const t = await createTestApp();
    try {
      const id = newClientId();
      for (const url of [`/bridge/events?client_id=${id}`, `/sandbox-wallet?v=2&id=${id}&r=%7B%7D`])
        expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
      const post = await t.app.inject({
        method: 'POST',
        url: `/bridge/message?client_id=${id}&to=${id}&ttl=60`,
        payload: 'eA==',
        headers: { 'content-type': 'text/plain' },
      });
      expect(post.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
