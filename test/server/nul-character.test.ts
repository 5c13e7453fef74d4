import { describe, expect, it } from 'vitest';
import { nulCharacterAt } from '../../server/http/route';
import { createTestApp } from '../helpers/test-app';

describe('a NUL character in a request', () => {
  it('is found wherever it hides, named by its path', () => {
    expect(nulCharacterAt({ a: 'fine', b: { c: ['x', 'y\u0000'] } })).toBe('b.c.1');
    expect(nulCharacterAt({ 'k\u0000': 1 })).toBe('k\u0000');
    expect(nulCharacterAt('\u0000')).toBe('');
    expect(nulCharacterAt({ a: 1, b: null, c: [true, 'ok'] })).toBeNull();
  });

  it('is refused with a 400 naming the field, on either engine, before anything is stored', async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({
        method: 'POST', url: '/invoice/deposit', headers: { 'x-api-key': t.apiKey },
        payload: { currency: 'USDT', mainCurrency: 'TON', amount: '1.00', description: 'tea\u0000' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION_ERROR', field: 'description' });
      expect((await t.app.inject({ url: '/crypto/payment/pay_%00', headers: { 'x-api-key': t.apiKey } })).statusCode).toBe(400);
    } finally {
      await t.close();
    }
  });
});
