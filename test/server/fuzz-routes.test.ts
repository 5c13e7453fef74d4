import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorSchema } from '../../server/http/responses';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { TEST_ENGINE } from '../helpers/test-database';
import { HOSTILE_BODIES, hostileBody } from '../helpers/hostile-bodies';

/** Fixed so that a failure replays exactly: fast-check prints the counterexample and its path. */
const SEED = 20_260_921;
const RUNS_PER_ROUTE = 24;
/** Server-sent events never end: fuzzed over real HTTP and aborted once the status line is in. */
const STREAMING = new Set(['/pay/:paymentId/events', '/console/api/events']);

interface Route {
  url: string;
  methods: string[];
}

/**
 * Every registered route, read from Fastify's own route tree (`printRoutes` with full segments),
 * so a route added later is fuzzed without anyone remembering to list it here.
 */
function registeredRoutes(app: FastifyInstance): Route[] {
  const stack: string[] = [];
  const routes: Route[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const url = (depth === 0 ? '' : stack[depth - 1]!) + match[2]!;
    stack[depth] = url;
    stack.length = depth + 1;
    if (match[3]) routes.push({ url, methods: match[3].split(', ') });
  }
  return routes;
}

interface Known {
  paymentId: string;
  endpointId: string;
  apiKeyId: string;
  asset: string;
  signature: string;
  backup: Buffer;
}

/** Near-misses and real ids reach deeper than noise; long and broken encodings test the router. */
const pathValue = (known: Known) =>
  fc.oneof(
    {
      weight: 4,
      arbitrary: fc.constantFrom(
        known.paymentId,
        known.endpointId,
        known.apiKeyId,
        known.asset,
        'pay_0000000000000000000000',
        'a'.repeat(64),
        'index-latest.js',
        'versions.json',
      ),
    },
    fc.string({ maxLength: 40 }).map(encodeURIComponent),
    fc.stringMatching(/^[%A-Za-z0-9._~-]{0,120}$/),
    fc.constantFrom('%', '%E0%A4%A', '..%2F..%2Fetc%2Fpasswd', '%00', 'x'.repeat(101)),
  );

const queryString = fc.oneof(
  fc.constant(''),
  fc
    .dictionary(
      fc.oneof(
        fc.constantFrom(
          'signature',
          'limit',
          'cursor',
          'status',
          'amount',
          'token',
          'parent',
          'mode',
          'from',
          'to',
          'q',
          'externalId',
          'allowedOrigins',
        ),
        fc.string({ maxLength: 12 }),
      ),
      fc.oneof(
        fc.string({ maxLength: 60 }),
        fc.integer().map(String),
        fc.constantFrom('__SIGNATURE__', '-1', '1e3', '10.00', 'v1.x.y', 'pending', ''),
      ),
      { maxKeys: 4 },
    )
    .map((q) => `?${new URLSearchParams(q).toString()}`),
  fc.constantFrom('?%', '?a=%E0%A4%A', '?signature=a&signature=b', '?limit=1&limit=2', '?__proto__[x]=1', '?&&=&'),
);

/** Mostly right, sometimes wrong: valid credentials get past the guards to the handlers. */
const mostly = <T>(right: fc.Arbitrary<T>, wrong: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 3, arbitrary: right }, { weight: 1, arbitrary: wrong });

/** `__NAME__` placeholders become a fresh console session, a fresh API key, this server's host or origin at each run. */
const headers = fc.record(
  {
    cookie: mostly(
      fc.constant('tontill_console=__SESSION__'),
      fc.oneof(
        fc.constantFrom('tontill_console=%', 'tontill_console=', 'a=b; tontill_console=x'),
        fc.string({ maxLength: 40 }),
      ),
    ),
    'x-api-key': mostly(
      fc.constant('__KEY__'),
      fc.oneof(fc.constantFrom('', 'tt_bogus'), fc.string({ maxLength: 40 })),
    ),
    authorization: mostly(
      fc.constant('Bearer __SESSION__'),
      fc.oneof(fc.constantFrom('Bearer ', 'Basic YTpi', 'Bearer %'), fc.string({ maxLength: 40 })),
    ),
    'content-type': fc.constantFrom(
      'application/json',
      'application/json; charset=utf-8',
      'text/plain',
      'application/octet-stream',
      'multipart/form-data; boundary=x',
      'application/x-www-form-urlencoded',
      'garbage',
    ),
    'x-tontill-console': fc.constantFrom('1', '0'),
    origin: mostly(fc.constant('__ORIGIN__'), fc.constantFrom('https://evil.example', 'null')),
    'sec-fetch-site': mostly(fc.constant('same-origin'), fc.constantFrom('cross-site', 'same-site', 'none')),
    host: mostly(fc.constant('__HOST__'), fc.constantFrom('localhost:8787', '[::1]:8787', 'evil.example', 'a b', '')),
  },
  { requiredKeys: [] },
);

/** Bodies shaped like the real ones (without public URLs, so nothing is ever delivered off this machine) as well as garbage. */
const bodyFor = (known: Known) =>
  fc.oneof(
    fc
      .record(
        {
          currency: fc.constantFrom('USDT', 'TON', ''),
          mainCurrency: fc.constantFrom('TON', 'X'),
          amount: fc.oneof(fc.constantFrom('10.00', '0', '-1', '1e3', '0.0000001'), fc.string({ maxLength: 12 })),
          externalId: fc.string({ maxLength: 20 }),
          paymentId: fc.constantFrom(known.paymentId, 'pay_x'),
          name: fc.string({ maxLength: 20 }),
          url: fc.constantFrom('http://127.0.0.1:9/hook', 'ftp://x', ''),
          events: fc.array(fc.string({ maxLength: 20 }), { maxLength: 3 }),
        },
        { requiredKeys: [] },
      )
      .map((b) => JSON.stringify(b)),
    fc.jsonValue().map((v) => JSON.stringify(v)),
    hostileBody,
    fc.constantFrom(...HOSTILE_BODIES.map((b) => b.payload)),
    fc.string({ maxLength: 80 }),
    fc.constantFrom('', '{', 'null', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}'),
    // A real backup with a few bytes flipped: the restore path must refuse it calmly.
    fc.array(fc.nat(known.backup.length - 1), { minLength: 1, maxLength: 4 }).map((at) => {
      const copy = Buffer.from(known.backup);
      for (const i of at) copy[i] = copy[i]! ^ 0xff;
      return copy;
    }),
  );

interface Answer {
  status: number;
  contentType: string;
  body: string;
}

function expectDocumented(what: string, method: string, res: Answer): void {
  expect(res.status, what).toBeLessThan(500);
  if (method === 'HEAD' || res.status < 400) return;
  if (res.contentType.startsWith('text/html')) return; // checkout and console pages render their own error page
  expect(res.contentType, what).toMatch(/^application\/json/);
  const parsed = ErrorSchema.safeParse(JSON.parse(res.body));
  expect(parsed.success, `${what}: ${res.body}`).toBe(true);
  expect(res.body, what).not.toMatch(/at .+\.ts:\d+/);
}

describe('random requests at every registered route', () => {
  let s: TestServer;
  let routes: Route[];
  let known: Known;

  beforeAll(async () => {
    s = await startTestServer();
    routes = registeredRoutes(s.app);
    const session = await s.services.sessions.createSession();
    const created = await s.app.inject({
      method: 'POST',
      url: '/invoice/deposit',
      headers: { 'x-api-key': s.apiKey },
      payload: { currency: 'USDT', mainCurrency: 'TON', amount: '5.00' },
    });
    const endpoint = await s.app.inject({
      method: 'POST',
      url: '/console/api/webhooks/endpoints',
      headers: { authorization: `Bearer ${session}` },
      payload: { url: 'http://127.0.0.1:9/hook', events: ['*'] },
    });
    const backup = await s.app.inject({ url: '/console/api/backup', headers: { authorization: `Bearer ${session}` } });
    const widget = await s.app.inject({
      method: 'POST',
      url: '/invoice/widgets',
      headers: { 'x-api-key': s.apiKey },
      payload: { currency: 'USDT', mainCurrency: 'TON', amount: '1.00' },
    });
    const page = await s.app.inject({ url: `/pay/${created.json().id}` });
    // the console's backups are SQLite's: on PostgreSQL (pg_dump) the route does not exist
    const backupStatus = TEST_ENGINE === 'postgres' ? 404 : 200;
    expect([created, endpoint, backup, widget, page].map((r) => r.statusCode)).toEqual([
      200,
      200,
      backupStatus,
      200,
      200,
    ]);
    known = {
      paymentId: created.json().id,
      endpointId: endpoint.json().endpoint.id,
      apiKeyId: (await s.services.apiKeys.list())[0]!.id,
      asset: /\/assets\/([\w.-]+)/.exec(page.body)?.[1] ?? 'none.js',
      signature: widget.json().signature,
      backup: backup.rawPayload,
    };
  });
  afterAll(async () => {
    await s.dispose();
  });

  it('finds every documented route in the router', () => {
    const registered = new Set(routes.flatMap((r) => r.methods.map((m) => `${m} ${r.url}`)));
    const documented = s.app.apiDocs.list().map((d) => `${d.method} ${d.url}`);
    expect(documented.filter((d) => !registered.has(d))).toEqual([]);
    expect(routes.length).toBeGreaterThan(documented.length);
  });

  it('never answers 5xx, and every JSON error has the documented shape', async () => {
    for (const [index, route] of routes.entries()) {
      const request = fc.record({
        method: fc.oneof(
          { weight: 9, arbitrary: fc.constantFrom(...route.methods) },
          { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS') },
        ),
        params: fc.array(pathValue(known), { minLength: 4, maxLength: 4 }),
        query: queryString,
        headers,
        body: fc.option(bodyFor(known), { nil: undefined }),
      });
      await fc.assert(
        fc.asyncProperty(request, async (r) => {
          let n = 0;
          const fill = placeholders(s, known);
          const url = await fill(route.url.replace(/:\w+|\*/g, () => r.params[n++]!) + r.query);
          const what = `${r.method} ${route.url} as ${url}`;
          const headers = Object.fromEntries(
            await Promise.all(Object.entries(r.headers).map(async ([name, value]) => [name, await fill(value)])),
          );
          const res = STREAMING.has(route.url)
            ? await streamed(s.url, r.method, url)
            : await injected(s.app, { ...r, headers }, url);
          expectDocumented(what, r.method, res);
          await cancelStagedRestore(s, fill);
        }),
        { seed: SEED + index, numRuns: RUNS_PER_ROUTE },
      );
    }
  }, 300_000);

  it('answers every hostile body on every route that takes one in the documented shape, never 5xx', async () => {
    const withBody = routes.flatMap((route) =>
      route.methods
        .filter((m) => !['GET', 'HEAD', 'OPTIONS'].includes(m))
        .map((method) => ({ method, url: route.url })),
    );
    expect(withBody.length).toBeGreaterThan(30);
    for (const route of withBody) {
      const fill = placeholders(s, known);
      const url = await fill(
        route.url.replace(/:\w+|\*/g, (name) =>
          name === ':paymentId' ? known.paymentId : name === ':id' ? known.endpointId : 'x',
        ),
      );
      for (const contentType of ['application/json', 'text/plain;charset=UTF-8']) {
        const headers = {
          'content-type': contentType,
          'x-api-key': await fill('__KEY__'),
          authorization: await fill('Bearer __SESSION__'),
          host: new URL(s.url).host,
        };
        for (const body of HOSTILE_BODIES) {
          const res = await injected(s.app, { method: route.method, headers, body: body.payload }, url);
          expectDocumented(`${route.method} ${route.url} with ${body.kind} as ${contentType}`, route.method, res);
          // (the sandbox's TON Connect bridge takes its base64 body as text/plain, as the protocol's clients send it)
          if (
            contentType.startsWith('text/plain') &&
            res.status >= 400 &&
            res.status !== 404 &&
            route.url !== '/bridge/message'
          )
            expect([401, 403, 413, 415, 421, 429]).toContain(res.status);
        }
      }
    }
  }, 300_000);
});

/** A fresh session and key per run: a fuzzed logout or key revocation must not blind the runs after it. */
function placeholders(s: TestServer, known: Known): (text: string) => Promise<string> {
  const values: Record<string, () => Promise<string> | string> = {
    SESSION: () => s.services.sessions.createSession(),
    KEY: async () => (await s.services.apiKeys.create('fuzz')).key,
    HOST: () => new URL(s.url).host,
    ORIGIN: () => new URL(s.url).origin,
    SIGNATURE: () => known.signature,
  };
  const made = new Map<string, Promise<string> | string>();
  return async (text) => {
    const wanted = [...text.matchAll(/__([A-Z]+)__/g)].map((m) => m[1]!).filter((name) => values[name]);
    for (const name of wanted) if (!made.has(name)) made.set(name, values[name]!());
    const filled = new Map(await Promise.all(wanted.map(async (name) => [name, await made.get(name)!] as const)));
    return text.replace(/__([A-Z]+)__/g, (whole, name: string) => filled.get(name) ?? whole);
  };
}

async function injected(
  app: FastifyInstance,
  r: { method: string; headers: Record<string, string>; body: string | Buffer | undefined },
  url: string,
): Promise<Answer> {
  const res = await app.inject({
    method: r.method as 'GET',
    url,
    headers: r.headers,
    ...(r.body === undefined || r.method === 'GET' || r.method === 'HEAD' ? {} : { payload: r.body }),
  });
  return { status: res.statusCode, contentType: String(res.headers['content-type'] ?? ''), body: res.body };
}

/**
 * A backup with a byte flipped inside a row's value still reads as a valid ledger (only the checksum
 * beside a backup TonTill wrote itself could tell), so a random upload may be staged. The service then
 * takes no change (503 RESTORE_PENDING, documented) until the restore is cancelled, as a merchant would.
 */
async function cancelStagedRestore(s: TestServer, fill: (text: string) => Promise<string>): Promise<void> {
  if (!s.services.restore.pending) return;
  const headers = { authorization: await fill('Bearer __SESSION__'), host: new URL(s.url).host };
  const res = await injected(s.app, { method: 'DELETE', headers, body: undefined }, '/console/api/restore');
  expect(res.status, res.body).toBe(204);
}

/** An event stream is judged by its status line; the body is read only when it is an error, which ends. */
async function streamed(base: string, method: string, url: string): Promise<Answer> {
  const abort = new AbortController();
  const res = await fetch(new URL(url, base), { method, signal: abort.signal });
  const contentType = res.headers.get('content-type') ?? '';
  const body = res.status >= 400 && method !== 'HEAD' ? await res.text() : '';
  abort.abort();
  return { status: res.status, contentType, body };
}
