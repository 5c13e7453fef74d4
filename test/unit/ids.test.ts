import { describe, expect, it } from 'vitest';
import { PaymentIdParamsSchema } from '../../contract/payments';
import { newId, newMemo } from '../../server/util/ids';

describe('public ids', () => {
  it('keep the documented shape, so every id ever issued still parses', () => {
    const id = newId('pay');
    expect(id).toMatch(/^pay_[0-9A-Za-z]{22}$/);
    expect(PaymentIdParamsSchema.safeParse({ paymentId: id }).success).toBe(true);
  });

  it('sort in the order they were made, so a new row lands at the end of its index, not on a random page', () => {
    const ids: string[] = [];
    for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2026, 0, 1) + 5_000; ms += 7) ids.push(newId('evt', ms));
    expect([...ids].sort()).toEqual(ids);
    // the clock running on for decades keeps the length (7 base62 digits of milliseconds last to 2081)
    expect(newId('pay', Date.UTC(2080, 11, 31))).toMatch(/^pay_[0-9A-Za-z]{22}$/);
  });

  it('stay unguessable: ids made in the same millisecond share only the time part', () => {
    const at = Date.UTC(2026, 10, 23, 12);
    const ids = Array.from({ length: 2_000 }, () => newId('pay', at));
    expect(new Set(ids).size).toBe(ids.length);
    const timePart = ids[0]!.slice(0, 'pay_'.length + 7);
    expect(ids.every((id) => id.startsWith(timePart))).toBe(true);
    // every symbol of the random part is used, about equally often
    const counts = new Map<string, number>();
    for (const id of ids) for (const c of id.slice(timePart.length)) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(62);
    const expected = (ids.length * 15) / 62;
    for (const n of counts.values()) expect(Math.abs(n - expected)).toBeLessThan(expected * 0.35);
  });

  it('memos stay random and typeable: no time in them, no 0/O or 1/I/L', () => {
    const memos = Array.from({ length: 500 }, newMemo);
    expect(new Set(memos).size).toBe(memos.length);
    for (const memo of memos) expect(memo).toMatch(/^TT-[2-9A-HJKMNP-Z]{10}$/);
    expect([...memos].sort()).not.toEqual(memos);
  });
});
