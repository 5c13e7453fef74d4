import { randomBytes } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
// No 0/O, 1/I/L: a memo is read aloud and typed into wallets by hand.
const MEMO_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

function randomString(length: number, alphabet: string): string {
  // Rejection sampling keeps every symbol equally likely.
  const limit = 256 - (256 % alphabet.length);
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < limit && out.length < length) out += alphabet[byte % alphabet.length];
    }
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
