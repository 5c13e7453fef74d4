import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeSignature, signatureHeader } from '../../server/webhooks/signing';
import { verifySignature } from '../../server/webhooks/verify-signature';
import { tempDir } from '../helpers/test-app';
import { loadReadmeRecipe, type Recipe } from './readme-recipe';

describe('webhook signatures', () => {
  const dir = tempDir('tontill-recipe-');
  let recipe: Recipe;
  beforeAll(async () => {
    recipe = await loadReadmeRecipe(dir.path);
  });
  afterAll(() => dir.remove());

  const secret = 'whsec_current';
  const old = 'whsec_previous';
  const body = '{"id":"evt_1","type":"payment.paid","createdAt":"2026-11-21T12:00:00.000Z","data":{"id":"pay_1"}}';
  const now = 1_800_000_000;

  it('signs in the documented format: t=<unix>,v1=<hex HMAC-SHA256(secret, t.body)>', () => {
    const header = signatureHeader([secret], now, body);
    expect(header).toBe(`t=${now},v1=${computeSignature(secret, now, body)}`);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
  });

  const cases: Array<[string, string | Buffer, string | undefined, string, number]> = [
    ['a valid signature', body, signatureHeader([secret], now, body), secret, now],
    ['a valid Buffer body', Buffer.from(body), signatureHeader([secret], now, body), secret, now],
    ['the new secret during rotation', body, signatureHeader([secret, old], now, body), secret, now],
    ['the old secret during rotation', body, signatureHeader([secret, old], now, body), old, now],
    ['a wrong secret', body, signatureHeader([secret], now, body), 'whsec_other', now],
    ['a tampered body', `${body} `, signatureHeader([secret], now, body), secret, now],
    ['a signature 299 s old', body, signatureHeader([secret], now - 299, body), secret, now],
    ['a signature 301 s old (replay)', body, signatureHeader([secret], now - 301, body), secret, now],
    ['a signature 301 s in the future', body, signatureHeader([secret], now + 301, body), secret, now],
    ['a header without v1', body, `t=${now}`, secret, now],
    ['a header without t', body, `v1=${computeSignature(secret, now, body)}`, secret, now],
    ['a missing header', body, undefined, secret, now],
    ['an empty header', body, '', secret, now],
    ['a non-numeric t', body, `t=abc,v1=${computeSignature(secret, now, body)}`, secret, now],
    ['uppercase hex', body, `t=${now},v1=${computeSignature(secret, now, body).toUpperCase()}`, secret, now],
    ['a truncated v1', body, `t=${now},v1=${computeSignature(secret, now, body).slice(0, 63)}`, secret, now],
    ['spaces around fields', body, ` t=${now} , v1=${computeSignature(secret, now, body)} `, secret, now],
    ['a v2 scheme only', body, `t=${now},v2=${computeSignature(secret, now, body)}`, secret, now],
  ];

  for (const [name, raw, header, key, at] of cases) {
    it(`README recipe and verifySignature agree on ${name}`, () => {
      const fromFunction = verifySignature(raw, header, key, { nowSeconds: at }).ok;
      expect(recipe(raw, header, key, 300, at)).toBe(fromFunction);
    });
  }

  it('accepts and rejects what it should', () => {
    const verdict = (name: string) => {
      const found = cases.find(([caseName]) => caseName === name);
      if (!found) throw new Error(`no case named ${name}`);
      return verifySignature(found[1], found[2], found[3], { nowSeconds: found[4] });
    };
    const accepted = [
      'a valid signature',
      'a valid Buffer body',
      'the new secret during rotation',
      'the old secret during rotation',
      'a signature 299 s old',
      'spaces around fields',
    ];
    for (const name of accepted) expect([name, verdict(name).ok]).toEqual([name, true]);
    expect(verdict('a wrong secret')).toEqual({ ok: false, reason: 'no matching signature' });
    expect(verdict('a tampered body')).toEqual({ ok: false, reason: 'no matching signature' });
    expect(verdict('a signature 301 s old (replay)')).toEqual({ ok: false, reason: 'timestamp outside tolerance' });
    expect(verdict('a header without v1')).toEqual({ ok: false, reason: 'malformed header' });
  });

  it('agrees with the README recipe on arbitrary headers, bodies and clocks', () => {
    const part = fc.oneof(fc.constantFrom('t', 'v1', 'v0', ''), fc.string({ maxLength: 4 }));
    const field = fc.oneof(
      fc.tuple(part, fc.string({ maxLength: 70 })).map(([k, v]) => `${k}=${v}`),
      fc.integer({ min: now - 400, max: now + 400 }).map((t) => `t=${t}`),
      fc.integer({ min: now - 400, max: now + 400 }).map((t) => `v1=${computeSignature(secret, t, body)}`),
    );
    fc.assert(
      fc.property(fc.array(field, { maxLength: 5 }), fc.integer({ min: now - 400, max: now + 400 }), (fields, at) => {
        const header = fields.join(',');
        expect(recipe(body, header, secret, 300, at)).toBe(
          verifySignature(body, header, secret, { nowSeconds: at }).ok,
        );
      }),
      { numRuns: 2000 },
    );
  });
});
