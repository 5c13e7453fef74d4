import { randomBytes, randomFillSync } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
// No 0/O, 1/I/L: a memo is read aloud and typed into wallets by hand.
const MEMO_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

// One syscall per 4 KiB of randomness instead of one per id: ids are minted on every hot path.
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;

function randomByte(): number {
  if (poolOffset === pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  return pool[poolOffset++]!;
}

function randomString(length: number, alphabet: string): string {
  // Rejection sampling keeps every symbol equally likely.
  const limit = 256 - (256 % alphabet.length);
  let out = '';
  while (out.length < length) {
    const byte = randomByte();
    if (byte < limit) out += alphabet[byte % alphabet.length];
  }
  return out;
}

/** Public ids such as `pay_3hT9…`: 128 bits of randomness, so they are unguessable. */
export function newId(prefix: string): string {
  return `${prefix}_${randomString(22, BASE62)}`;
}

/** Transfer comment identifying a payment: short enough to type, about 50 bits of entropy. */
export function newMemo(): string {
  return `TT-${randomString(10, MEMO_ALPHABET)}`;
}

/** Memos match case-insensitively and ignoring surrounding whitespace, as wallets and people mangle both. */
export function normalizeMemo(text: string): string {
  return text.trim().toUpperCase();
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}
