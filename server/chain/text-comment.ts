import type { BitCursor } from './bit-cursor';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * A text comment's snake text as UTF-8 (TEP-64), or null when it is not text (odd bit counts,
 * branching refs, bad UTF-8): a jetton transfer's forward payload and a Toncoin transfer's body carry
 * it alike.
 */
export function decodeTextComment(s: BitCursor): string | null {
  const chunks: Buffer[] = [];
  let cur: BitCursor | null = s;
  while (cur) {
    if (cur.remainingBits % 8 !== 0 || cur.remainingRefs > 1) return null;
    chunks.push(cur.buffer(cur.remainingBits / 8));
    cur = cur.remainingRefs === 1 ? cur.ref() : null;
  }
  try {
    // fatal decoding also refuses binary comments: their 0xff prefix is never valid UTF-8
    return utf8.decode(Buffer.concat(chunks));
  } catch {
    return null;
  }
}
