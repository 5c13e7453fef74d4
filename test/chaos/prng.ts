/**
 * A small seeded PRNG (mulberry32). The chaos run draws every choice from it, so a printed seed
 * replays the same plan: which operations, which amounts, after how many operations each kill.
 */
export class Prng {
  private state: number;

  constructor(readonly seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** An independent stream (for parts whose draws depend on timing, so they do not shift the plan). */
  fork(salt: number): Prng {
    return new Prng((this.seed ^ Math.imul(salt, 0x9e3779b1)) >>> 0);
  }
}

export function randomSeed(): number {
  return Math.floor(Math.random() * 2 ** 31);
}
