import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  frameAncestors,
  framerOrigin,
  framingPolicy,
  isOrigin,
  mayFrame,
  recordsRefusals,
  requesterOrigin,
  type FramingPolicy,
} from '../../server/payment-pages/embed-policy';
import {
  MAX_REFUSED_ORIGINS,
  REFUSAL_TOUCH_MS,
  withRefusal,
  type RefusedOrigin,
} from '../../server/payment-pages/refused-origins';

const SHOP = 'https://shop.example';
const STORE = 'https://store.example';

/**
 * CSP's own reading of the three forms frameAncestors writes, kept apart from the code under test:
 * 'none' matches nothing, `*` matches any http(s) URL, an origin matches itself (CSP3 §6.7.2.x).
 */
function cspAllows(value: string, ancestor: string): boolean {
  if (value === "'none'") return false;
  return value
    .split(' ')
    .some((source) => (source === '*' ? /^https?:$/.test(new URL(ancestor).protocol) : source === ancestor));
}

describe('who may frame an embedded checkout', () => {
  it("takes the session's origins, else the store's list; with neither, anybody in sandbox and nobody elsewhere", () => {
    expect(framingPolicy([SHOP], [STORE], true)).toEqual({ kind: 'list', source: 'session', origins: [SHOP] });
    expect(framingPolicy([SHOP], [STORE], false)).toEqual({ kind: 'list', source: 'session', origins: [SHOP] });
    expect(framingPolicy([], [STORE], true)).toEqual({ kind: 'list', source: 'store', origins: [STORE] });
    expect(framingPolicy([], [STORE], false)).toEqual({ kind: 'list', source: 'store', origins: [STORE] });
    expect(framingPolicy([], [], true)).toEqual({ kind: 'any' });
    expect(framingPolicy([], [], false)).toEqual({ kind: 'list', source: 'store', origins: [] });
  });

  it('writes frame-ancestors strictly wherever a list exists', () => {
    expect(frameAncestors({ kind: 'any' })).toBe('*');
    expect(frameAncestors({ kind: 'list', source: 'store', origins: [] })).toBe("'none'");
    expect(frameAncestors({ kind: 'list', source: 'session', origins: [SHOP, STORE] })).toBe(`${SHOP} ${STORE}`);
  });

  it('answers exactly as the CSP it writes would, for any policy and any requesting origin', () => {
    const origin = fc.oneof(
      fc.constantFrom(SHOP, STORE, 'http://127.0.0.1:5173', 'https://evil.example', 'http://shop.example'),
      fc.webUrl().map((u) => new URL(u).origin),
    );
    const policy: fc.Arbitrary<FramingPolicy> = fc.oneof(
      fc.constant({ kind: 'any' as const }),
      fc.record({
        kind: fc.constant('list' as const),
        source: fc.constantFrom('session' as const, 'store' as const),
        origins: fc.uniqueArray(origin, { maxLength: 4 }),
      }),
    );
    fc.assert(
      fc.property(policy, origin, (p, o) => mayFrame(p, o) === cspAllows(frameAncestors(p), o)),
      { seed: 20_261_010, numRuns: 500 },
    );
  });

  it('asks the merchant only about refusals the store list decided', () => {
    expect(recordsRefusals({ kind: 'list', source: 'store', origins: [] })).toBe(true);
    expect(recordsRefusals({ kind: 'list', source: 'session', origins: [SHOP] })).toBe(false);
    expect(recordsRefusals({ kind: 'any' })).toBe(false);
  });

  it('accepts only plain http(s) origins', () => {
    for (const good of [SHOP, 'http://127.0.0.1:5173', 'http://[::1]:8080']) expect(isOrigin(good)).toBe(true);
    for (const bad of [
      'null',
      `${SHOP}/`,
      `${SHOP}/path`,
      'https://SHOP.example',
      'https://shop.example:443',
      'ftp://shop.example',
      `${SHOP} ${STORE}`,
      undefined,
      3,
    ]) {
      expect([bad, isOrigin(bad)]).toEqual([bad, false]);
    }
  });

  it("knows the requesting page by its Origin header, or as the service's own origin for a same-origin request", () => {
    expect(requesterOrigin(SHOP, 'cross-site', 'https://pay.example')).toBe(SHOP);
    expect(requesterOrigin('null', 'cross-site', 'https://pay.example')).toBeNull();
    expect(requesterOrigin(undefined, 'same-origin', 'https://pay.example')).toBe('https://pay.example');
    expect(requesterOrigin(undefined, 'cross-site', 'https://pay.example')).toBeNull();
    expect(requesterOrigin(undefined, undefined, 'https://pay.example')).toBeNull();
  });

  it('knows the framing page by the widget-given parent, else by the Referer of an iframe navigation', () => {
    expect(framerOrigin(SHOP, 'iframe', `${STORE}/`)).toBe(SHOP);
    expect(framerOrigin('nonsense', 'iframe', `${STORE}/`)).toBeNull();
    expect(framerOrigin(undefined, 'iframe', `${STORE}/cart?x=1`)).toBe(STORE);
    expect(framerOrigin('', 'iframe', `${STORE}/`)).toBe(STORE);
    expect(framerOrigin(undefined, 'document', `${STORE}/`)).toBeNull();
    expect(framerOrigin(undefined, 'iframe', undefined)).toBeNull();
    expect(framerOrigin(undefined, 'iframe', 'not a url')).toBeNull();
  });
});

describe('the record of refused origins', () => {
  const at = (origin: string, firstSeenAt: number, lastSeenAt = firstSeenAt): RefusedOrigin => ({
    origin,
    firstSeenAt,
    lastSeenAt,
  });

  it('records the first refusal of an origin, and each distinct origin after it', () => {
    const one = withRefusal([], SHOP, 1_000)!;
    expect(one).toEqual([at(SHOP, 1_000)]);
    expect(withRefusal(one, STORE, 2_000)).toEqual([at(SHOP, 1_000), at(STORE, 2_000)]);
  });

  it('rewrites a known origin only when its last sighting is old, so a busy page costs no write per view', () => {
    const list = [at(SHOP, 1_000)];
    expect(withRefusal(list, SHOP, 1_000 + REFUSAL_TOUCH_MS - 1)).toBeNull();
    expect(withRefusal(list, SHOP, 1_000 + REFUSAL_TOUCH_MS)).toEqual([at(SHOP, 1_000, 1_000 + REFUSAL_TOUCH_MS)]);
  });

  it('stays bounded: when full, the origin seen least recently gives way', () => {
    const full = Array.from({ length: MAX_REFUSED_ORIGINS }, (_, i) =>
      at(`https://s${i}.example`, 10_000 + i, i === 0 ? 90_000 : 10_000 + i),
    );
    const next = withRefusal(full, SHOP, 100_000)!;
    expect(next).toHaveLength(MAX_REFUSED_ORIGINS);
    expect(next.map((r) => r.origin)).not.toContain('https://s1.example');
    expect(next.map((r) => r.origin)).toContain('https://s0.example');
    expect(next.at(-1)).toEqual(at(SHOP, 100_000));
  });
});
