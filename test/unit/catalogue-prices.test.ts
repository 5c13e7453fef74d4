import { describe, expect, it } from 'vitest';
import { catalogueUnitsOf, priceDigitsOf } from '../../contract/console';

describe("a catalogue price checked against its currency's digits", () => {
  it('reads the price in the smallest unit of an asset or a fiat currency', () => {
    expect(catalogueUnitsOf('3.40', 'EUR')).toEqual({ ok: true, units: 340n });
    expect(catalogueUnitsOf('980', 'JPY')).toEqual({ ok: true, units: 980n });
    expect(catalogueUnitsOf('1.250', 'KWD')).toEqual({ ok: true, units: 1250n });
    expect(catalogueUnitsOf('2.5', 'USDT')).toEqual({ ok: true, units: 2_500_000n });
    expect(catalogueUnitsOf('0.123456789', 'TON')).toEqual({ ok: true, units: 123_456_789n });
  });

  it('says how many decimals the currency has when the price has more', () => {
    expect(catalogueUnitsOf('1.5', 'JPY')).toEqual({ ok: false, message: 'JPY has 0 decimals' });
    expect(catalogueUnitsOf('4.125', 'EUR')).toEqual({ ok: false, message: 'EUR has 2 decimals' });
    expect(catalogueUnitsOf('1.0000001', 'USDT')).toEqual({ ok: false, message: 'USDT has 6 decimals' });
  });

  it('refuses zero, a shape that is no decimal, and a price beyond any sale', () => {
    expect(catalogueUnitsOf('0.00', 'EUR')).toMatchObject({ ok: false });
    expect(catalogueUnitsOf('1e3', 'EUR')).toMatchObject({ ok: false });
    expect(catalogueUnitsOf('1000000000000.01', 'EUR')).toMatchObject({ ok: false });
    expect(catalogueUnitsOf('999999999999.99', 'EUR')).toEqual({ ok: true, units: 99_999_999_999_999n });
  });

  it('knows the digits of an asset and of a fiat code', () => {
    expect([priceDigitsOf('USDT'), priceDigitsOf('TON'), priceDigitsOf('EUR'), priceDigitsOf('JPY')]).toEqual([
      6, 9, 2, 0,
    ]);
  });
});
