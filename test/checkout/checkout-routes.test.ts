import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signEpp } from '../../server/epp/epp-signature';
import { STORE_ALLOWED_ORIGINS_KEY } from '../../server/payment-pages/embed-access';
import { createDeposit, createWidgetSession, startService, type Service } from '../e2e/e2e-helpers';

const SHOP = 'https://shop.example';
const STORE = 'https://store.example';

/** Every public checkout route over real HTTP against the running sandbox service. */
describe('checkout routes', () => {
  let service: Service;
  beforeAll(async () => {
    service = await startService();
  });
  afterAll(async () => {
    await service?.close();
  });
  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${service.url}${path}`, { headers });
  const ancestorsOf = (res: Response) =>
    /frame-ancestors ([^;]+)/.exec(res.headers.get('content-security-policy') ?? '')?.[1];

  describe('pages', () => {
    it('HPP: strict CSP, framed by nobody, no inline script, state in data attributes', async () => {
      const deposit = await createDeposit(service, {
        successUrl: 'https://shop.example/ok',
        customer: { email: 'a@b.example' },
        metadata: { secret: 'metadata-never-shown' },
      });
      const res = await get(`/pay/${deposit.id}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const csp = res.headers.get('content-security-policy')!;
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("style-src 'self'");
      expect(csp).toContain("connect-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      expect(ancestorsOf(res)).toBe("'none'");
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      const html = await res.text();
      // relative to the page (/pay/:id), so a path prefix in front of the service is kept
      for (const tag of html.match(/<script[^>]*>/g) ?? [])
        expect(tag).toMatch(/ src="\.\.\/assets\/checkout\.[0-9a-f]{12}\.js"/);
      expect(html).not.toMatch(/<script[^>]*>[^<]+<\/script>/);
      expect(html).not.toMatch(/\sstyle=|\son\w+="/);
      expect(html).toContain(`data-success-url="https://shop.example/ok"`);
      expect(html).not.toContain('a@b.example');
      // a value no address or id can contain by chance (the sandbox wallet address once did contain 'm1')
      expect(html).not.toContain('metadata-never-shown');
    });

    it('HPP: unknown or malformed payment ids get a 404 page', async () => {
      for (const path of ['/pay/pay_0000000000000000000000', '/pay/nope', '/pay/%3Cscript%3E']) {
        const res = await get(path, { 'accept-language': 'ru-RU,ru;q=0.9' });
        expect(res.status).toBe(404);
        expect(res.headers.get('content-type')).toContain('text/html');
        expect(ancestorsOf(res)).toBe("'none'");
        expect(await res.text()).toContain('Платёж не найден');
      }
    });

    it("EPP: framable by the signature's origins; the store's list applies to sessions that name none; parent checked against them", async () => {
      const s = await createWidgetSession(service, { allowedOrigins: [SHOP] });
      const bare = await createWidgetSession(service, {});
      await service.server.services.settings.set(STORE_ALLOWED_ORIGINS_KEY, [STORE, 'not an origin']);
      try {
        const res = await get(`/embed?signature=${encodeURIComponent(s.signature)}&parent=${encodeURIComponent(SHOP)}`);
        expect(res.status).toBe(200);
        expect(ancestorsOf(res)).toBe(SHOP);
        expect(res.headers.get('x-frame-options')).toBeNull();
        const html = await res.text();
        expect(html).toContain('data-mode="epp"');
        expect(html).toContain(`data-parent="${SHOP}"`);
        expect(html).not.toContain('data-any-origin');
        const storeParent = await get(
          `/embed?signature=${encodeURIComponent(s.signature)}&parent=${encodeURIComponent(STORE)}`,
        );
        expect(storeParent.status).toBe(403);
        const viaStore = await get(
          `/embed?signature=${encodeURIComponent(bare.signature)}&parent=${encodeURIComponent(STORE)}`,
        );
        expect(ancestorsOf(viaStore)).toBe(STORE);
        expect(await viaStore.text()).toContain(`data-parent="${STORE}"`);
        const stranger = await get(
          `/embed?signature=${encodeURIComponent(s.signature)}&parent=https%3A%2F%2Fevil.example`,
        );
        expect(stranger.status).toBe(403);
        expect(await stranger.text()).toContain('This checkout cannot be shown here');
      } finally {
        await service.server.services.settings.set(STORE_ALLOWED_ORIGINS_KEY, []);
      }
    });

    it('EPP: a single allowed origin is the parent when none is named; with no list at all the sandbox lets any page frame it', async () => {
      const one = await createWidgetSession(service, { allowedOrigins: [SHOP] });
      expect(await (await get(`/embed?signature=${encodeURIComponent(one.signature)}`)).text()).toContain(
        `data-parent="${SHOP}"`,
      );
      const none = await createWidgetSession(service, {});
      const res = await get(`/embed?signature=${encodeURIComponent(none.signature)}`);
      expect(res.status).toBe(200);
      expect(ancestorsOf(res)).toBe('*');
      expect(res.headers.get('x-frame-options')).toBeNull();
      const html = await res.text();
      expect(html).not.toContain('data-parent');
      expect(html).toContain('data-any-origin="1"');
      const named = await get(
        `/embed?signature=${encodeURIComponent(none.signature)}&parent=http%3A%2F%2F127.0.0.1%3A5173`,
      );
      expect(await named.text()).toContain('data-parent="http://127.0.0.1:5173"');
    });

    it('EPP: missing, malformed, tampered and expired signatures get clear 4xx error pages', async () => {
      const s = await createWidgetSession(service, { allowedOrigins: [SHOP] });
      const [v, payload, mac] = s.signature.split('.') as [string, string, string];
      const tampered = `${v}.${payload}.${mac[0] === 'A' ? 'B' : 'A'}${mac.slice(1)}`;
      const secret = service.server.services.eppSecret;
      const expired = signEpp(
        {
          paymentId: s.paymentId,
          serviceUrl: service.url,
          expiresAt: Math.floor(Date.now() / 1000) - 5,
          allowedOrigins: [SHOP],
          sandbox: true,
        },
        secret,
      );
      const cases: Array<[string, number, string, string]> = [
        // Nothing is taken from a signature that did not verify (its claims are anyone's to write), and
        // "anyone" is never the answer, even in sandbox: the store's own list, here none.
        ['/embed', 400, 'bad_link', "'none'"],
        ['/embed?signature=garbage', 400, 'bad_link', "'none'"],
        ['/embed?signature=a&signature=b', 400, 'bad_link', "'none'"],
        [`/embed?signature=${encodeURIComponent(tampered)}`, 403, 'bad_signature', "'none'"],
        [`/embed?signature=${encodeURIComponent(expired)}`, 410, 'expired', "'none'"],
      ];
      for (const [path, status, error, ancestors] of cases) {
        const res = await get(path);
        expect([path, res.status]).toEqual([path, status]);
        expect(ancestorsOf(res)).toBe(ancestors);
        const html = await res.text();
        expect(html).toContain(`data-error="${error}"`);
        expect(html).not.toContain('<script');
      }
    });
  });

  describe('status JSON, live stream and sandbox payments', () => {
    it('status exposes what the customer needs, the order reference included, and nothing about the customer or the merchant', async () => {
      const deposit = await createDeposit(service, {
        externalId: 'order-1042',
        customer: { email: 'c@d.example' },
        metadata: { k: 'v' },
        callbackUrl: 'https://shop.example/hook',
        successUrl: 'https://shop.example/ok',
      });
      const res = await get(`/pay/${deposit.id}/status`);
      expect(res.status).toBe(200);
      const body = (await res.json()) as Record<string, unknown>;
      expect(Object.keys(body).sort()).toEqual([
        'address',
        'amount',
        'assetName',
        'assetSymbol',
        'choices',
        'currency',
        'description',
        'dueAmount',
        'expiresAt',
        'externalId',
        'id',
        'links',
        'memo',
        'network',
        'paidAmount',
        'paidAt',
        'price',
        'serverTime',
        'status',
      ]);
      // The customer quotes the order reference to the shop (it is on every checkout screen); nothing else of the merchant's shows.
      expect(body.externalId).toBe('order-1042');
      expect(body).toMatchObject({ currency: 'USDT', assetSymbol: 'USDT', assetName: 'USDT' });
      expect(JSON.stringify(body)).not.toMatch(/c@d\.example|hook|shop\.example|"k"/);
      expect((await get('/pay/pay_0000000000000000000000/status')).status).toBe(404);
      const bad = await get('/pay/x/status');
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { error: { code: string } }).error.code).toBe('VALIDATION_ERROR');
    });

    it('streams the current status, then the change after a real emulated transfer', async () => {
      const deposit = await createDeposit(service, {});
      const ac = new AbortController();
      const res = await fetch(`${service.url}/pay/${deposit.id}/events`, { signal: ac.signal });
      expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('no-store');
      const events = readEvents(res);
      expect((await events.next()).status).toBe('pending');
      const paid = await fetch(`${service.url}/pay/${deposit.id}/sandbox-pay`, { method: 'POST' });
      expect(paid.status).toBe(200);
      expect(((await paid.json()) as { status: string }).status).toBe('paid');
      expect((await events.next()).status).toBe('paid');
      ac.abort();
      const again = await fetch(`${service.url}/pay/${deposit.id}/sandbox-pay`, { method: 'POST' });
      expect(again.status).toBe(409);
      expect(
        (await fetch(`${service.url}/pay/pay_0000000000000000000000/sandbox-pay`, { method: 'POST' })).status,
      ).toBe(404);
      expect((await fetch(`${service.url}/pay/pay_0000000000000000000000/events`)).status).toBe(404);
    });

    it('forgets streams whose clients left: the per-payment limit frees up again', async () => {
      const deposit = await createDeposit(service, {});
      const open = async () => {
        const ac = new AbortController();
        const res = await fetch(`${service.url}/pay/${deposit.id}/events`, { signal: ac.signal });
        return { ac, res };
      };
      const first = await Promise.all(Array.from({ length: 20 }, open));
      expect(first.every((s) => s.res.status === 200)).toBe(true);
      const over = await fetch(`${service.url}/pay/${deposit.id}/events`);
      expect(over.status).toBe(429);
      for (const s of first) s.ac.abort();
      let next = await open();
      while (next.res.status === 429) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        next = await open();
      }
      expect(next.res.status).toBe(200);
      next.ac.abort();
    });
  });

  describe('widget script and assets', () => {
    it('serves the pinned script byte-identical with the published integrity hash and immutable caching', async () => {
      const versions = (await (await get('/widgets/versions.json')).json()) as {
        latest: string;
        versions: Array<{ version: string; url: string; integrity: string }>;
      };
      const pinned = versions.versions.find((v) => v.version === versions.latest)!;
      expect(pinned.url).toBe(`/widgets/index-${versions.latest}.js`);
      const [a, b, latest] = await Promise.all([get(pinned.url), get(pinned.url), get('/widgets/index-latest.js')]);
      const bytes = async (r: Response) => Buffer.from(await r.arrayBuffer());
      const [bytesA, bytesB, bytesLatest] = [await bytes(a), await bytes(b), await bytes(latest)];
      expect(bytesA.equals(bytesB)).toBe(true);
      expect(bytesA.equals(bytesLatest)).toBe(true);
      expect(`sha384-${createHash('sha384').update(bytesA).digest('base64')}`).toBe(pinned.integrity);
      expect(a.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(latest.headers.get('cache-control')).toBe('public, max-age=300');
      expect(a.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(a.headers.get('access-control-allow-origin')).toBe('*');
      const cached = await get(pinned.url, { 'if-none-match': a.headers.get('etag')! });
      expect(cached.status).toBe(304);
      expect((await get('/widgets/index-9.9.9.js')).status).toBe(404);
      expect((await get('/widgets/index-..%2F..%2Fpackage.json.js')).status).toBe(404);
    });

    it('serves checkout assets under content-hashed immutable URLs only', async () => {
      const deposit = await createDeposit(service, {});
      const html = await (await get(`/pay/${deposit.id}`)).text();
      const [css, js] = [
        /href="\.\.(\/assets\/[^"]+\.css)"/.exec(html)![1]!,
        /src="\.\.(\/assets\/[^"]+\.js)"/.exec(html)![1]!,
      ];
      for (const url of [css, js]) {
        const res = await get(url);
        expect(res.status).toBe(200);
        expect(res.headers.get('cache-control')).toContain('immutable');
      }
      expect((await get('/assets/checkout.000000000000.js')).status).toBe(404);
    });
  });

  it('demo shop: a signed sandbox payment for the requesting origin, CSP meta tag included', async () => {
    const res = await get('/demo/merchant?mode=small-widgets&color=red-white&amount=oops');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="frame-src 'self' ${service.url}">`);
    expect(html).toContain('<script src="/widgets/index-latest.js" defer></script>');
    expect(html).toMatch(
      /<div id="pay" class="small-widgets" signature="v1\.[^"]+" data-mode="small-widgets" data-color="red-white">/,
    );
    expect(html).toContain('10.00 USDT');
    expect(html).not.toMatch(/<script>/);
  });
});

/** A minimal SSE reader: yields the data of each `status` event. */
function readEvents(res: Response): { next(): Promise<{ status: string }> } {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  return {
    async next() {
      for (;;) {
        const match = /event: status\ndata: (.*)\n\n/.exec(buffer);
        if (match) {
          buffer = buffer.slice(match.index + match[0].length);
          return JSON.parse(match[1]!) as { status: string };
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        buffer += decoder.decode(value, { stream: true });
      }
    },
  };
}
