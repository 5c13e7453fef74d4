import { describe, expect, it } from 'vitest';
import { cartTotal, saleLines } from '../../renderer/features/till/cart';
import { parseSaleEntry } from '../../renderer/features/till/sale-currency';
import { tipChoices, tipForPercent } from '../../renderer/features/till/tips';

const euros = [
  { id: 'espresso', name: 'Espresso', price: '1.70' },
  { id: 'water', name: 'Water', price: '0.10' },
];

describe("a cart from a catalogue in the store's own currency", () => {
  it('sums EUR prices exactly in cents and lists each line in EUR', () => {
    // 0.10 × 3 is 0.30000000000000004 in floats
    expect(cartTotal(euros, { espresso: 2, water: 3 }, [], 'EUR')).toBe(370n);
    expect(saleLines(euros, { espresso: 2, water: 3 }, ['0.05'], 'EUR')).toEqual([
      { quantity: 2, name: 'Espresso', total: '3.40' },
      { quantity: 3, name: 'Water', total: '0.30' },
      { quantity: 1, name: 'Amount 0.05', total: '0.05' },
    ]);
    expect(cartTotal(euros, { espresso: 2, water: 3 }, ['0.05'], 'EUR')).toBe(375n);
  });

  it('sums yen without decimals and a 999-item cart without losing a unit', () => {
    const yen = [{ id: 'ramen', name: 'Ramen', price: '980' }];
    expect(saleLines(yen, { ramen: 999 }, [], 'JPY')).toEqual([{ quantity: 999, name: 'Ramen', total: '979020' }]);
    const big = [{ id: 'x', name: 'X', price: '999999999999.99' }];
    expect(cartTotal(big, { x: 999 }, [], 'EUR')).toBe(99_999_999_999_999n * 999n);
  });

  it('reads what the cashier types in the sale currency', () => {
    expect(parseSaleEntry('3,4', 'EUR')).toEqual({ ok: true, amount: '3.40', units: 340n });
    expect(parseSaleEntry('2,5', 'USDT')).toEqual({ ok: true, amount: '2.50', units: 2_500_000n });
    expect(parseSaleEntry('1.234', 'EUR')).toMatchObject({ ok: false, message: 'EUR has 2 decimals.' });
  });
});

describe('a tip in a fiat sale', () => {
  it('is a percent of the subtotal in cents, rounded half up to the cent', () => {
    expect(tipForPercent(340n, 10, 'EUR')).toBe(34n);
    expect(tipForPercent(1250n, 15, 'EUR')).toBe(188n); // 1.875 -> 1.88
    expect(tipChoices(340n, [10, 15], 'EUR')).toEqual([
      { percent: 10, baseUnits: 34n, tip: '0.34', total: '3.74' },
      { percent: 15, baseUnits: 51n, tip: '0.51', total: '3.91' },
    ]);
  });

  it('is whole yen where there are no cents, and hundredths of a dinar in KWD', () => {
    expect(tipForPercent(980n, 15, 'JPY')).toBe(147n);
    expect(tipForPercent(1005n, 5, 'JPY')).toBe(50n); // 50.25 -> 50
    expect(tipForPercent(1250n, 15, 'KWD')).toBe(190n); // 0.1875 -> 0.19
  });
});
