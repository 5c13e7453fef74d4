import { Address, type Cell } from '@ton/core';

/**
 * Reads a cell's bits a byte at a time. @ton/core's Slice reads every field bit by bit, which made
 * parsing the watcher's hottest path (the jetton message bodies, once per transaction) cost about
 * 30 µs a transfer. Same layouts, same errors on short data: a read past the end throws.
 */
export class BitCursor {
  private readonly bytes: Buffer;
  private readonly length: number;
  private pos = 0;
  private refIndex = 0;

  constructor(private readonly cell: Cell) {
    const { bits } = cell;
    this.length = bits.length;
    const whole = bits.length >> 3;
    this.bytes = Buffer.alloc(whole + 1);
    if (whole > 0) this.bytes.set(bits.subbuffer(0, whole * 8) ?? bitByBit(cell, whole * 8));
    for (let i = whole * 8; i < bits.length; i++)
      if (bits.at(i)) this.bytes[whole] = this.bytes[whole]! | (0x80 >> (i - whole * 8));
  }

  get remainingBits(): number {
    return this.length - this.pos;
  }

  get remainingRefs(): number {
    return this.cell.refs.length - this.refIndex;
  }

  bit(): boolean {
    return this.uint(1) === 1;
  }

  /** Up to 48 bits as a number. */
  uint(n: number): number {
    this.need(n);
    let value = 0;
    let left = n;
    while (left > 0) {
      const inByte = 8 - (this.pos & 7);
      const take = Math.min(inByte, left);
      const chunk = (this.bytes[this.pos >> 3]! >> (inByte - take)) & ((1 << take) - 1);
      value = value * 2 ** take + chunk;
      this.pos += take;
      left -= take;
    }
    return value;
  }

  bigUint(n: number): bigint {
    let value = 0n;
    for (let left = n; left > 0; left -= 32) {
      const take = Math.min(32, left);
      value = (value << BigInt(take)) | BigInt(this.uint(take));
    }
    return value;
  }

  /** VarUInteger 16: a 4-bit byte count, then that many bytes. */
  coins(): bigint {
    return this.bigUint(this.uint(4) * 8);
  }

  buffer(byteCount: number): Buffer {
    this.need(byteCount * 8);
    if ((this.pos & 7) === 0) {
      const start = this.pos >> 3;
      this.pos += byteCount * 8;
      return Buffer.from(this.bytes.subarray(start, start + byteCount));
    }
    // unaligned: each output byte is the tail of one input byte and the head of the next
    const out = Buffer.alloc(byteCount);
    const start = this.pos >> 3;
    const shift = this.pos & 7;
    for (let i = 0; i < byteCount; i++)
      out[i] = (this.bytes[start + i]! << shift) | (this.bytes[start + i + 1]! >> (8 - shift));
    this.pos += byteCount * 8;
    return out;
  }

  /** MsgAddress: addr_none (null) or addr_std without anycast; anything else throws. */
  maybeAddress(): Address | null {
    const tag = this.uint(2);
    if (tag === 0) return null;
    if (tag !== 2 || this.bit()) throw new Error('unsupported address');
    const workchain = (this.uint(8) << 24) >> 24;
    return new Address(workchain, this.buffer(32));
  }

  address(): Address {
    const address = this.maybeAddress();
    if (!address) throw new Error('address expected');
    return address;
  }

  /** Maybe ^Cell: skips the reference when there is one. */
  skipMaybeRef(): void {
    if (this.bit()) this.ref();
  }

  ref(): BitCursor {
    const next = this.cell.refs[this.refIndex];
    if (!next) throw new Error('reference expected');
    this.refIndex += 1;
    return new BitCursor(next);
  }

  private need(n: number): void {
    if (this.pos + n > this.length) throw new Error(`not enough bits: ${n} wanted, ${this.length - this.pos} left`);
  }
}

/** A cell whose bits do not start on a byte boundary of their buffer (never seen from a BOC). */
function bitByBit(cell: Cell, n: number): Buffer {
  const out = Buffer.alloc(n >> 3);
  for (let i = 0; i < n; i++) if (cell.bits.at(i)) out[i >> 3] = out[i >> 3]! | (0x80 >> (i & 7));
  return out;
}
