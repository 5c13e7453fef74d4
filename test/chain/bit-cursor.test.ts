import { describe, expect, it } from 'vitest';
import { Address, beginCell } from '@ton/core';
import { BitCursor } from '../../server/chain/bit-cursor';

/** A seeded generator, so a failure replays. */
function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('BitCursor reads what @ton/core writes, at every bit offset', () => {
  it('uints, big uints, coins, addresses and bytes after a prefix of 0..15 bits', () => {
    const random = prng(7);
    for (let round = 0; round < 400; round++) {
      const prefix = Math.floor(random() * 16);
      const small = Math.floor(random() * 2 ** 20);
      const big = BigInt(Math.floor(random() * 2 ** 31)) * 2n ** 33n + BigInt(Math.floor(random() * 2 ** 31));
      const coins = BigInt(Math.floor(random() * 2 ** 40));
      const address = new Address(
        random() < 0.5 ? 0 : -1,
        Buffer.from(Array.from({ length: 32 }, () => Math.floor(random() * 256))),
      );
      const bytes = Buffer.from(Array.from({ length: Math.floor(random() * 20) }, () => Math.floor(random() * 256)));
      const cell = beginCell()
        .storeUint(0, prefix)
        .storeUint(small, 20)
        .storeUint(big, 64)
        .storeCoins(coins)
        .storeAddress(address)
        .storeAddress(null)
        .storeBit(true)
        .storeBuffer(bytes)
        .endCell();
      const c = new BitCursor(cell);
      c.uint(prefix);
      expect([c.uint(20), c.bigUint(64), c.coins()]).toEqual([small, big, coins]);
      expect(c.maybeAddress()!.equals(address)).toBe(true);
      expect(c.maybeAddress()).toBeNull();
      expect(c.bit()).toBe(true);
      expect(c.buffer(bytes.length).equals(bytes)).toBe(true);
      expect(c.remainingBits).toBe(0);
    }
  });

  it('follows references and refuses to read past the end', () => {
    const cell = beginCell().storeUint(5, 3).storeRef(beginCell().storeUint(0xabcd, 16).endCell()).endCell();
    const c = new BitCursor(cell);
    expect(c.uint(3)).toBe(5);
    expect(() => c.uint(1)).toThrow(/not enough bits/);
    expect(c.remainingRefs).toBe(1);
    expect(c.ref().uint(16)).toBe(0xabcd);
    expect(() => c.ref()).toThrow(/reference expected/);
  });
});
