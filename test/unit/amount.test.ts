import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatAmount, formatAmountForLocale, parseAmount } from '../../contract/amount';

const MAX = 1_000_000_000_000n;

describe('amounts', () => {
  it.each([
    ['10.00', 10_000_000n],
    ['10', 10_000_000n],
    ['0.000001', 1n],
    ['999999.999999', 999_999_999_999n],
    ['0010.5', 10_500_000n],
  ])('parses %s exactly', (text, micro) => {
    expect(parseAmount(text, MAX, 'USDT')).toEqual({ ok: true, value: micro });
  });

  it.each([
    [10, 'not_a_string'],
    ['', 'format'],
    ['-1', 'format'],
    ['+1', 'format'],
    ['1e3', 'format'],
    ['abc', 'format'],
    [' 1', 'format'],
    ['1.', 'format'],
    ['.5', 'format'],
    ['1,5', 'format'],
    ['0', 'zero'],
    ['0.000000', 'zero'],
    ['0.0000000', 'too_many_decimals'],
    ['10.1234567', 'too_many_decimals'],
    ['1000000000.000001', 'too_large'],
  ])('refuses %j (%s)', (input, problem) => {
    const result = parseAmount(input, 1_000_000_000_000_000n, 'USDT');
    expect(result.ok).toBe(false);
    if (problem !== 'too_large') expect(!result.ok && result.problem).toBe(problem);
    expect(parseAmount(input, MAX, 'USDT').ok).toBe(false);
  });

  it('formats with at least two decimals and no trailing zeros beyond them', () => {
    expect(formatAmount(10_000_000n, 'USDT')).toBe('10.00');
    expect(formatAmount(10_500_000n, 'USDT')).toBe('10.50');
    expect(formatAmount(1n, 'USDT')).toBe('0.000001');
    expect(formatAmount(-2_500_000n, 'USDT')).toBe('-2.50');
  });

  it('parse(format(x)) == x for every positive amount', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: MAX }), (micro) => {
        expect(parseAmount(formatAmount(micro, 'USDT'), MAX, 'USDT')).toEqual({ ok: true, value: micro });
      }),
    );
  });
});

describe('formatAmountForLocale', () => {
  it("writes the exact digits with the locale's marks, never through a float", () => {
    expect(formatAmountForLocale('1234567.50', 'en-US')).toBe('1,234,567.50');
    expect(formatAmountForLocale('1234567.50', 'de')).toBe('1.234.567,50');
    expect(formatAmountForLocale('8.50', 'de')).toBe('8,50');
    expect(formatAmountForLocale('0.000001', 'ru')).toBe('0,000001');
    // more digits than a double holds, kept as they are
    expect(formatAmountForLocale('123456789012345678.123456', 'en-US')).toBe('123,456,789,012,345,678.123456');
    expect(formatAmountForLocale('-12.50', 'pt')).toBe('-12,50');
    expect(formatAmountForLocale('not a number', 'de')).toBe('not a number');
  });
});
