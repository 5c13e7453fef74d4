import { describe, expect, it } from 'vitest';
import { inputProblemIn, MAX_NESTING_DEPTH } from '../../server/http/input-limits';
import { createTestApp } from '../helpers/test-app';

describe('what no request part may hold: a NUL character, a lone surrogate, nesting too deep', () => {
  const pathOf = (value: unknown) => inputProblemIn(value)?.path ?? null;

  it('is found wherever it hides, named by its path', () => {
    expect(pathOf({ a: 'fine', b: { c: ['x', 'y\u0000'] } })).toBe('b.c.1');
    expect(pathOf({ 'k\u0000': 1 })).toBe('k\u0000');
    expect(pathOf('\u0000')).toBe('');
    expect(pathOf({ a: 1, b: null, c: [true, 'ok'] })).toBeNull();
    expect(inputProblemIn({ a: 'x\u0000' })?.message).toBe('must not contain a NUL character');
  });

  it('so is a lone surrogate, which no engine stores as sent; a paired one (an emoji) is text', () => {
    expect(inputProblemIn({ a: ['ok', 'x\uD800y'] })).toEqual({
      path: 'a.1',
      message: expect.stringContaining('lone surrogate'),
    });
    expect(pathOf({ b: '\uDFFF' })).toBe('b');
    expect(pathOf({ '\uD83D': 1 })).toBe('\uD83D');
    expect(pathOf({ a: '😀 \uD83D\uDE00 \uFFFF \u202E' })).toBeNull();
  });

  it(`and nesting deeper than ${MAX_NESTING_DEPTH} levels, named where it got too deep, without recursion`, () => {
    const nest = (levels: number): unknown => {
      let value: unknown = 'leaf';
      for (let i = 0; i < levels; i++) value = [value];
      return value;
    };
    expect(inputProblemIn(nest(MAX_NESTING_DEPTH))).toBeNull();
    expect(inputProblemIn(nest(MAX_NESTING_DEPTH + 1))).toEqual({
      path: Array(MAX_NESTING_DEPTH).fill('0').join('.'),
      message: `is nested deeper than ${MAX_NESTING_DEPTH} levels`,
    });
    expect(inputProblemIn({ a: nest(200_000) })?.path).toMatch(/^a(\.0){63}$/);
  });

  it('is refused with a 400 naming the field, on either engine, before anything is stored', async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/invoice/deposit',
        headers: { 'x-api-key': t.apiKey },
        payload: { currency: 'USDT', mainCurrency: 'TON', amount: '1.00', description: 'tea\u0000' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION_ERROR', field: 'description' });
      expect(
        (await t.app.inject({ url: '/crypto/payment/pay_%00', headers: { 'x-api-key': t.apiKey } })).statusCode,
      ).toBe(400);
    } finally {
      await t.close();
    }
  });
});
