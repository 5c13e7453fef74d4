import { describe, expect, it } from 'vitest';
import { tipChoices, tipForPercent } from '../../renderer/features/till/tips';

describe('a tip at the till', () => {
  it('is the percent of the subtotal rounded half up to the cent, exactly', () => {
    expect(tipForPercent(12_500_000n, 15, 'USDT')).toBe(1_880_000n); // 1.875 -> 1.88
    expect(tipForPercent(12_500_000n, 10, 'USDT')).toBe(1_250_000n);
    expect(tipForPercent(3_330_000n, 15, 'USDT')).toBe(500_000n); // 0.4995 -> 0.50
    expect(tipForPercent(3_320_000n, 15, 'USDT')).toBe(500_000n); // 0.498 -> 0.50
    expect(tipForPercent(3_300_000n, 15, 'USDT')).toBe(500_000n); // 0.495 -> 0.50 (half up)
    expect(tipForPercent(3_290_000n, 15, 'USDT')).toBe(490_000n); // 0.4935 -> 0.49
    // far beyond a float's 2^53, still exact
    expect(tipForPercent(123_456_789_012_345_670_000n, 15, 'USDT')).toBe(18_518_518_351_851_850_000n);
  });

  it('offers each preset with its tip and the total to pay', () => {
    expect(tipChoices(12_500_000n, [10, 15, 20], 'USDT')).toEqual([
      { percent: 10, baseUnits: 1_250_000n, tip: '1.25', total: '13.75' },
      { percent: 15, baseUnits: 1_880_000n, tip: '1.88', total: '14.38' },
      { percent: 20, baseUnits: 2_500_000n, tip: '2.50', total: '15.00' },
    ]);
  });

  it("in Toncoin is rounded half up to 0.01 TON in nanotons, never to USDT's cent", () => {
    expect(tipForPercent(1_500_000_000n, 15, 'TON')).toBe(230_000_000n); // 0.225 -> 0.23
    expect(tipForPercent(1_490_000_000n, 10, 'TON')).toBe(150_000_000n); // 0.149 -> 0.15
    expect(tipChoices(1_500_000_000n, [10], 'TON')).toEqual([
      { percent: 10, baseUnits: 150_000_000n, tip: '0.15', total: '1.65' },
    ]);
  });
});
