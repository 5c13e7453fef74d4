import { describe, expect, it } from 'vitest';
import { formatCountdown, parseEnteredAmount } from '../../renderer/lib/format';
import { cartLines, cartTotal, nextEntry } from '../../renderer/features/till/slice';

describe('the till keypad: an amount as a cashier types it', () => {
  it('accepts a comma or a point as the decimal separator and gives the exact decimal string', () => {
    expect(parseEnteredAmount('12,50')).toEqual({ ok: true, amount: '12.50', micro: 12_500_000n });
    expect(parseEnteredAmount('12.50')).toEqual({ ok: true, amount: '12.50', micro: 12_500_000n });
    expect(parseEnteredAmount(' 7 ')).toEqual({ ok: true, amount: '7.00', micro: 7_000_000n });
    expect(parseEnteredAmount('0,000001')).toEqual({ ok: true, amount: '0.000001', micro: 1n });
    expect(parseEnteredAmount(',5')).toEqual({ ok: true, amount: '0.50', micro: 500_000n });
    expect(parseEnteredAmount('12.')).toEqual({ ok: true, amount: '12.00', micro: 12_000_000n });
    // a float would round these; the string stays exact
    expect(parseEnteredAmount('0,1')).toMatchObject({ amount: '0.10', micro: 100_000n });
    expect(parseEnteredAmount('9007199254740993.5')).toMatchObject({ ok: false });
    expect(parseEnteredAmount('123456789012345.123456')).toEqual({
      ok: true,
      amount: '123456789012345.123456',
      micro: 123456789012345123456n,
    });
  });

  it('refuses what is not one amount, saying why', () => {
    for (const text of ['', ',', '0', '0,00', '1,234.50', '1.2.3', '-1', '1e3', '12,5000001', 'abc']) {
      const parsed = parseEnteredAmount(text);
      expect(parsed.ok, text).toBe(false);
      if (!parsed.ok) expect(parsed.message.length).toBeGreaterThan(5);
    }
    expect(parseEnteredAmount('12,5000001')).toMatchObject({ message: expect.stringMatching(/6 decimals/) });
    expect(parseEnteredAmount('0')).toMatchObject({ message: expect.stringMatching(/more than zero/) });
  });

  it("applies keypad keys: one separator, at most the asset's decimals (USDT 6, TON 9), backspace and clear", () => {
    const typed = (keys: string[], asset: 'USDT' | 'TON' = 'USDT') =>
      keys.reduce((entry, key) => nextEntry(entry, key, asset), '');
    expect(typed(['1', '2', ',', '5', '0'])).toBe('12,50');
    expect(typed(['1', '.', '5', ',', '0'])).toBe('1.50');
    expect(typed(['0', '0', '7'])).toBe('7');
    expect(typed([',', '5'])).toBe('0,5');
    expect(typed(['1', ',', '1', '2', '3', '4', '5', '6', '7'])).toBe('1,123456');
    expect(typed(['1', '2', 'Backspace'])).toBe('1');
    expect(typed(['1', '2', 'Clear'])).toBe('');
    expect(typed(['x', '1'])).toBe('1');
    const nine = ['0', '.', '1', '2', '3', '4', '5', '6', '7', '8', '9', '1'];
    expect(typed(nine, 'TON')).toBe('0.123456789');
    expect(typed(nine)).toBe('0.123456');
  });

  it('totals a cart in base units of its asset with quantities, never through a float', () => {
    const items = [
      { id: 'a', name: 'Espresso', price: '0.10' },
      { id: 'b', name: 'Cake', price: '0.20' },
      { id: 'c', name: 'Tea', price: '3.125' },
    ];
    const cart = { a: 3, b: 1 };
    expect(cartTotal(items, cart, [], 'USDT')).toBe(500_000n); // 0.1 * 3 + 0.2 is 0.5000000000000001 in floats
    expect(cartTotal(items, { c: 2, gone: 4 }, [], 'USDT')).toBe(6_250_000n);
    expect(cartTotal([], {}, ['1.5', '0.000000001'], 'TON')).toBe(1_500_000_001n);
    expect(cartLines(items, cart)).toEqual([
      { item: items[0], quantity: 3 },
      { item: items[1], quantity: 1 },
    ]);
  });

  it('counts down as mm:ss, with hours only past an hour', () => {
    expect([
      formatCountdown(299_001),
      formatCountdown(60_000),
      formatCountdown(3_904_000),
      formatCountdown(-5),
    ]).toEqual(['05:00', '01:00', '1:05:04', '00:00']);
  });
});
