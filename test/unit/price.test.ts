// Exact conversion between a fiat price and an asset amount (contract/price.ts, contract/fiat.ts): the
// edges a float would get wrong, and the promise that the customer is asked the least amount whose
// worth at the locked rate is at least the price.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fiatDigits, formatFiat, isFiatCode } from '../../contract/fiat';
import {
  assetAmountFor,
  decimalFromJsonNumber,
  deriveRate,
  fiatValueOf,
  formatExact,
  parseRate,
  percentOf,
  toleranceBpsOf,
} from '../../contract/price';

describe('parseRate and formatExact', () => {
  it('reads a positive decimal of up to 15 integer digits and 18 decimals exactly', () => {
    expect(parseRate('0.9412')).toEqual({ units: 9412n, scale: 4 });
    expect(parseRate('150')).toEqual({ units: 150n, scale: 0 });
    expect(parseRate('0.000000000000000001')).toEqual({ units: 1n, scale: 18 });
    expect(parseRate('999999999999999.999999999999999999')).not.toBeNull();
  });

  it.each(['0', '0.000', '-1', '1e5', '.5', '5.', ' 1', '1,5', '0x10', '1000000000000000', '0.0000000000000000001'])(
    'refuses %j',
    (text) => {
      expect(parseRate(text)).toBeNull();
    },
  );

  it('writes the shortest decimal, never an exponent', () => {
    expect(formatExact({ units: 5n, scale: 3 })).toBe('0.005');
    expect(formatExact({ units: 100n, scale: 2 })).toBe('1');
    expect(formatExact({ units: 9410n, scale: 4 })).toBe('0.941');
    expect(formatExact({ units: 0n, scale: 0 })).toBe('0');
    expect(formatExact({ units: 1n, scale: 18 })).toBe('0.000000000000000001');
  });

  it('round-trips every rate it reads, less its trailing zeros', () => {
    const rate = fc
      .tuple(fc.bigInt({ min: 0n, max: 10n ** 15n - 1n }), fc.string({ unit: fc.constantFrom(...'0123456789') }))
      .map(([whole, digits]) => (digits.length > 0 ? `${whole}.${digits.slice(0, 18)}` : `${whole}`))
      .filter((text) => parseRate(text) !== null);
    fc.assert(
      fc.property(rate, (text) => {
        const normal = text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
        expect(formatExact(parseRate(text)!)).toBe(normal);
      }),
    );
  });
});

describe('decimalFromJsonNumber', () => {
  it('gives the decimal the source printed, exponents written out', () => {
    expect(decimalFromJsonNumber(0.9412)).toBe('0.9412');
    expect(decimalFromJsonNumber(0.1)).toBe('0.1');
    expect(decimalFromJsonNumber(123.456)).toBe('123.456');
    expect(decimalFromJsonNumber(1.2e-7)).toBe('0.00000012');
    expect(decimalFromJsonNumber(1e-7)).toBe('0.0000001');
    expect(decimalFromJsonNumber(1e21)).toBe('1000000000000000000000');
    expect(decimalFromJsonNumber(2.5e25)).toBe('25000000000000000000000000');
    expect(decimalFromJsonNumber(5)).toBe('5');
  });

  it.each([0, -1, -0.5, Number.NaN, Number.POSITIVE_INFINITY])('refuses %d', (value) => {
    expect(decimalFromJsonNumber(value)).toBeNull();
  });

  it('reads back as the same number for every positive double', () => {
    fc.assert(
      fc.property(fc.double({ min: Number.MIN_VALUE, noNaN: true, noDefaultInfinity: true }), (value) => {
        expect(Number(decimalFromJsonNumber(value))).toBe(value);
      }),
    );
  });
});

describe('deriveRate', () => {
  it('multiplies a cross and divides an inverse, rounded once to 12 significant digits', () => {
    expect(deriveRate(['5', '0.92'])).toBe('4.6');
    expect(deriveRate(['1'], ['1.08'])).toBe('0.925925925926');
    expect(deriveRate(['1'], ['3'])).toBe('0.333333333333');
    expect(deriveRate(['2'], ['3'])).toBe('0.666666666667');
    expect(deriveRate(['150', '5'])).toBe('750');
    expect(deriveRate(['9.99999999999999'])).toBe('10');
  });

  it('rounds half up at the twelfth digit', () => {
    expect(deriveRate(['1.000000000005'])).toBe('1.00000000001');
    expect(deriveRate(['1.0000000000049999'])).toBe('1');
  });

  it('keeps 12 significant digits of a tiny rate, down to 18 decimals', () => {
    expect(deriveRate(['1'], ['3000000'])).toBe('0.000000333333333333');
    expect(deriveRate(['0.000000000000000002'], ['2'])).toBe('0.000000000000000001');
    expect(() => deriveRate(['0.000000000000000001'], ['10'])).toThrow(/rate below/);
  });

  it('refuses a text that is not a rate', () => {
    expect(() => deriveRate(['0'])).toThrow(/not a rate/);
    expect(() => deriveRate(['1'], ['-2'])).toThrow(/not a rate/);
  });

  it('is within half a unit of its last digit of the exact quotient', () => {
    const part = fc.integer({ min: 1, max: 10 ** 9 }).map((n) => formatExact({ units: BigInt(n), scale: n % 7 }));
    fc.assert(
      fc.property(part, part, (a, b) => {
        const derived = parseRate(deriveRate([a], [b]))!;
        const [x, y] = [parseRate(a)!, parseRate(b)!];
        // |derived − x/y| ≤ ½·10^-scale, all scaled to integers
        const exactNum = x.units * 10n ** BigInt(y.scale);
        const exactDen = y.units * 10n ** BigInt(x.scale);
        const diff = derived.units * exactDen - exactNum * 10n ** BigInt(derived.scale);
        expect((diff < 0n ? -diff : diff) * 2n <= exactDen).toBe(true);
        expect(derived.units.toString().length).toBeLessThanOrEqual(15);
      }),
    );
  });
});

describe('assetAmountFor and fiatValueOf', () => {
  it('rounds up to the asset smallest unit in currencies of 0, 2, 3 and 4 minor digits', () => {
    expect(assetAmountFor(340n, 2, '0.92', 6)).toBe(3_695_653n);
    expect(assetAmountFor(340n, 2, '4.6', 9)).toBe(739_130_435n);
    expect(assetAmountFor(500n, 0, '150', 6)).toBe(3_333_334n);
    expect(assetAmountFor(1005n, 3, '0.307', 6)).toBe(3_273_616n);
    expect(assetAmountFor(1n, 4, '1', 6)).toBe(100n);
    // exact: no rounding at all
    expect(assetAmountFor(920n, 2, '0.92', 6)).toBe(10_000_000n);
  });

  it('asks one base unit for a price worth less than one', () => {
    expect(assetAmountFor(1n, 2, '100000', 6)).toBe(1n);
    expect(assetAmountFor(1n, 0, '999999999999999', 9)).toBe(1n);
  });

  it('stays exact for huge prices and rates of 18 decimals', () => {
    const trillion = 10n ** 15n * 100n; // a thousand trillion euros, in cents
    expect(assetAmountFor(trillion, 2, '1', 6)).toBe(10n ** 21n);
    expect(assetAmountFor(trillion, 2, '0.000000000000000001', 6)).toBe(10n ** 39n);
    expect(assetAmountFor(1n, 2, '0.123456789012345678', 9)).toBe(81_000_001n);
  });

  it('values an asset amount in fiat rounded down by default, up or half up when asked', () => {
    expect(fiatValueOf(3_695_653n, 6, '0.92', 2)).toBe(340n);
    expect(fiatValueOf(3_695_652n, 6, '0.92', 2)).toBe(339n);
    expect(fiatValueOf(1n, 6, '0.92', 2, 'up')).toBe(1n);
    expect(fiatValueOf(5_000_000n, 6, '0.001', 2, 'half-up')).toBe(1n);
    expect(fiatValueOf(4_999_999n, 6, '0.001', 2, 'half-up')).toBe(0n);
  });

  const rateText = fc
    .tuple(fc.bigInt({ min: 1n, max: 10n ** 20n }), fc.integer({ min: 0, max: 18 }))
    .map(([units, scale]) => formatExact({ units, scale }))
    .filter((text) => parseRate(text) !== null);

  it('never asks less than the price, and asks the least amount that is worth it', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 19n }),
        fc.constantFrom(0, 2, 3, 4),
        rateText,
        fc.constantFrom(6, 9),
        (priceMinor, digits, rate, decimals) => {
          const amount = assetAmountFor(priceMinor, digits, rate, decimals);
          expect(amount).toBeGreaterThanOrEqual(1n);
          expect(fiatValueOf(amount, decimals, rate, digits)).toBeGreaterThanOrEqual(priceMinor);
          expect(fiatValueOf(amount - 1n, decimals, rate, digits)).toBeLessThan(priceMinor);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('tolerance percent', () => {
  it('reads 0 to 10 percent with up to two decimals, in hundredths of a percent', () => {
    expect(toleranceBpsOf('0')).toBe(0);
    expect(toleranceBpsOf('0.5')).toBe(50);
    expect(toleranceBpsOf('0.05')).toBe(5);
    expect(toleranceBpsOf('1.25')).toBe(125);
    expect(toleranceBpsOf('10')).toBe(1000);
  });

  it.each(['10.01', '11', '1.234', '', ' 1', '-1', '1.', '.5', '1e1'])('refuses %j', (text) => {
    expect(toleranceBpsOf(text)).toBeNull();
  });

  it('writes the percent as people do and reads it back', () => {
    expect([0, 5, 50, 125, 1000].map(percentOf)).toEqual(['0', '0.05', '0.5', '1.25', '10']);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1000 }), (bps) => {
        expect(toleranceBpsOf(percentOf(bps))).toBe(bps);
      }),
    );
  });
});

describe('fiat currencies', () => {
  it('knows the minor digits of ISO 4217 and leaves out funds and metals', () => {
    expect(['EUR', 'JPY', 'KWD', 'CLF'].map(fiatDigits)).toEqual([2, 0, 3, 4]);
    expect(isFiatCode('XAU')).toBe(false);
    expect(isFiatCode('USDT')).toBe(false);
    expect(isFiatCode('eur')).toBe(false);
    expect(() => fiatDigits('XTS')).toThrow(/ISO 4217/);
  });

  it('writes minor units with the currency digits', () => {
    expect(formatFiat(340n, 'EUR')).toBe('3.40');
    expect(formatFiat(5n, 'EUR')).toBe('0.05');
    expect(formatFiat(0n, 'JPY')).toBe('0');
    expect(formatFiat(1250n, 'KWD')).toBe('1.250');
    expect(formatFiat(1n, 'CLF')).toBe('0.0001');
  });
});
