import { Address } from '@ton/core';
import { describe, expect, it } from 'vitest';
import { checkRefundDestination } from '../../server/payments/refund-destination';

const HASH = Buffer.alloc(32, 0x5a);
const ZERO = Buffer.alloc(32);
const hex = (hash: Buffer) => hash.toString('hex');

describe('where a refund may go', () => {
  it.each([
    ['a raw basechain address', `0:${hex(HASH)}`],
    ['a bounceable basechain address', new Address(0, HASH).toString()],
    [
      'a non-bounceable test-only basechain address',
      new Address(0, HASH).toString({ bounceable: false, testOnly: true }),
    ],
    ['a raw masterchain address', `-1:${hex(HASH)}`],
    ['a friendly masterchain address', new Address(-1, HASH).toString()],
  ])('accepts %s', (_, text) => {
    const check = checkRefundDestination(text);
    expect(check.ok && check.raw === Address.parse(text).toRawString()).toBe(true);
  });

  it.each([
    ['workchain 1, raw', `1:${hex(HASH)}`, /workchain 1;/],
    ['workchain 127, raw', `127:${hex(HASH)}`, /workchain 127;/],
    ['workchain 1, friendly', new Address(1, HASH).toString(), /workchain 1;/],
    ['workchain 127, friendly', new Address(127, HASH).toString({ bounceable: false }), /workchain 127;/],
    ['workchain -128, raw', `-128:${hex(HASH)}`, /workchain -128;/],
    ['the all-zero basechain address, raw', `0:${hex(ZERO)}`, /all-zero/],
    ['the all-zero basechain address, friendly', new Address(0, ZERO).toString(), /all-zero/],
    ['the all-zero masterchain address', `-1:${hex(ZERO)}`, /all-zero/],
    ['text that is no address', 'UQ-not-an-address', /not a TON address/],
  ])('refuses %s, saying why', (_, text, reason) => {
    const check = checkRefundDestination(text);
    expect(check.ok ? 'accepted' : check.message).toMatch(reason);
  });
});
