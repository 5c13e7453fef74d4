import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveChangeSchema, LiveReadySchema, LiveResyncSchema } from '../../contract/console-live';
import { CONSOLE_SSE_LIMITS, MAX_REPLAY } from '../../server/console-api/live-routes';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { readSse } from '../helpers/sse-reader';

const ACCOUNT = 'EQ-test-account';

/** GET /console/api/events over real HTTP: auth, live frames, catch-up after Last-Event-ID, resync, shutdown. */
describe('the console live stream', () => {
  let t: TestApp;
  let url: string;
  let token: string;
  let lt = 1000n;
  const open = (query = '', headers: Record<string, string> = {}) => {
    const ac = new AbortController();
    const res = fetch(`${url}/console/api/events${query}`, {
      headers: { authorization: `Bearer ${token}`, ...headers },
      signal: ac.signal,
    });
    return { ac, res };
  };
  const create = async (amount = '1.00') =>
    (await t.services.payments.create('invoice', { currency: 'USDT', mainCurrency: 'TON', amount })).payment;
  const unmatchedTransfer = async () => {
    lt += 1n;
    const hash = lt.toString(16).padStart(64, '0');
    await t.services.ledger.creditBatch(
      ACCOUNT,
      [
        {
          txHash: hash,
          lt,
          utime: Math.floor(t.clock.now() / 1000),
          amount: 2_000_000n,
          from: null,
          comment: null,
          asset: 'USDT',
        },
      ],
      { lt, hash },
    );
  };

  beforeAll(async () => {
    t = await createTestApp();
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    token = await t.services.sessions.createSession();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a request without a console session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/console/api/events' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
    const bad = await t.app.inject({
      method: 'GET',
      url: '/console/api/events?after=x',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { field: 'after' } });
  });

  it('is ready at the head of the log, then sends each committed event with its seq as the frame id', async () => {
    const head = await t.services.eventFeed.lastSeq();
    const { ac, res } = open();
    const response = await res;
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const frames = readSse(response);
    const ready = await frames.next();
    expect(ready.event).toBe('ready');
    expect(LiveReadySchema.parse(ready.data)).toEqual({ seq: head, unmatched: 0, replayed: 0 });

    const payment = await create('3.50');
    const created = await frames.next();
    const change = LiveChangeSchema.parse(created.data);
    expect(created.event).toBe('change');
    expect(created.id).toBe(String(change.seq));
    expect(change).toMatchObject({
      type: 'payment.created',
      paymentId: payment.id,
      payment: { id: payment.id, status: 'pending' },
    });
    expect(change.row).toMatchObject({ id: payment.id, amount: '3.50', status: 'pending' });

    await unmatchedTransfer();
    const unmatched = LiveChangeSchema.parse((await frames.next()).data);
    expect(unmatched).toMatchObject({
      type: 'transfer.unmatched',
      paymentId: null,
      payment: null,
      row: null,
      unmatched: 1,
    });
    ac.abort();
  });

  it('replays what a client missed after Last-Event-ID or ?after=, in order, then goes live', async () => {
    const seen = await t.services.eventFeed.lastSeq();
    const a = await create();
    const b = await create();
    await t.services.payments.cancel(a.id);
    const resumes: { query: string; headers: Record<string, string> }[] = [
      { query: '', headers: { 'last-event-id': String(seen) } },
      { query: `?after=${seen}`, headers: {} },
    ];
    for (const resume of resumes) {
      const { ac, res } = open(resume.query, resume.headers);
      const frames = readSse(await res);
      const replayed = [await frames.next(), await frames.next(), await frames.next()].map((f) =>
        LiveChangeSchema.parse(f.data),
      );
      expect(replayed.map((c) => [c.type, c.paymentId])).toEqual([
        ['payment.created', a.id],
        ['payment.created', b.id],
        ['payment.cancelled', a.id],
      ]);
      expect(replayed.map((c) => c.seq)).toEqual([seen + 1, seen + 2, seen + 3]);
      const ready = await frames.next();
      expect(ready).toMatchObject({
        event: 'ready',
        id: String(seen + 3),
        data: { seq: seen + 3, replayed: 3, unmatched: 1 },
      });
      ac.abort();
    }
  });

  it('tells a client that missed too much, or knows a position this log never reached, to reload (resync)', async () => {
    const seen = await t.services.eventFeed.lastSeq();
    await Promise.all(Array.from({ length: MAX_REPLAY + 1 }, () => create()));
    const head = await t.services.eventFeed.lastSeq();
    const far = open(`?after=${seen}`);
    const farFrames = readSse(await far.res);
    const resync = await farFrames.next();
    expect(resync.event).toBe('resync');
    expect(LiveResyncSchema.parse(resync.data)).toEqual({ seq: head, unmatched: 1, reason: 'too-far-behind' });
    expect(resync.id).toBe(String(head));
    expect((await farFrames.next()).event).toBe('ready');
    far.ac.abort();

    const unknown = open('', { 'last-event-id': String(head + 1000) });
    const unknownFrames = readSse(await unknown.res);
    expect((await unknownFrames.next()).data).toMatchObject({ reason: 'unknown-position', seq: head });
    unknown.ac.abort();
  });

  it('sends nothing more to a session that ended: its stream closes at the next event', async () => {
    const ended = await t.services.sessions.createSession();
    const res = await fetch(`${url}/console/api/events`, { headers: { authorization: `Bearer ${ended}` } });
    const frames = readSse(res);
    expect((await frames.next()).event).toBe('ready');
    const kept = open();
    const keptFrames = readSse(await kept.res);
    expect((await keptFrames.next()).event).toBe('ready');
    await t.services.sessions.end(ended);
    const payment = await create();
    await expect(frames.next()).rejects.toThrow('stream ended');
    expect((await keptFrames.next()).data).toMatchObject({ type: 'payment.created', paymentId: payment.id });
    kept.ac.abort();
  });

  it('refuses streams past the limit with a 429, and frees the places of clients that left', async () => {
    const streams = await Promise.all(
      Array.from({ length: CONSOLE_SSE_LIMITS.perKey }, async () => {
        const stream = open();
        const frames = readSse(await stream.res);
        expect((await frames.next()).event).toBe('ready');
        return stream;
      }),
    );
    const over = await open().res;
    expect(over.status).toBe(429);
    expect(await over.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    for (const s of streams) s.ac.abort();
    await expect
      .poll(async () => {
        const again = open();
        const status = (await again.res).status;
        again.ac.abort();
        return status;
      })
      .toBe(200);
  });

  it('ends open streams when the service closes', async () => {
    const { res } = open();
    const frames = readSse(await res);
    expect((await frames.next()).event).toBe('ready');
    const closing = t.app.close();
    expect(await frames.rest()).toEqual([]);
    await closing;
  });
});
