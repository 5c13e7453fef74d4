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

const TIME_DIGITS = 7; // 62^7 ms reach the year 2081
const RANDOM_DIGITS = 15; // 89 bits: unguessable

/** Milliseconds as fixed-width base62, so ids compare in the order they were made. */
function timePart(ms: number): string {
  let out = '';
  for (let i = 0; i < TIME_DIGITS; i++) {
    out = BASE62[ms % 62]! + out;
    ms = Math.floor(ms / 62);
  }
  return out;
}

/**
 * Public ids such as `pay_0uK3d1Xh…`: the creation time, then 89 random bits. Time first because ids
 * are unique keys: a random key puts every insert on a random leaf page of its index, and each such
 * page is written out again at every commit (three such pages per invoice cost a third of the
 * throughput); a time-ordered one lands on the same last page as its neighbours. The time is public
 * anyway (`createdAt`), and the random part alone keeps an id unguessable.
 */
export function newId(prefix: string, now = Date.now()): string {
  return `${prefix}_${timePart(now)}${randomString(RANDOM_DIGITS, BASE62)}`;
}

/** Transfer comment identifying a payment: short enough to type, about 50 bits of entropy. */
export function newMemo(): string {
  return `TT-${randomString(10, MEMO_ALPHABET)}`;
}

/** Comment a refund's transfer carries, so the watcher can tell it from any other send of the wallet. */
export function newRefundMemo(): string {
  return `RF-${randomString(10, MEMO_ALPHABET)}`;
}

/** Memos match case-insensitively and ignoring surrounding whitespace, as wallets and people mangle both. */
export function normalizeMemo(text: string): string {
  return text.trim().toUpperCase();
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}
