/**
 * What no request part may hold, whatever its route's schema says, because nothing downstream can
 * hold it faithfully: a NUL character (PostgreSQL refuses it in any text column), a lone surrogate
 * (UTF-8 cannot encode one; each engine would store U+FFFD instead of what was sent), and nesting so
 * deep that a recursive reader (the schema, a serializer) would run out of stack.
 */

/** Deeper than any body the API defines (metadata included) needs, shallow enough for any recursion. */
export const MAX_NESTING_DEPTH = 64;

export interface InputProblem {
  /** where, as a dotted path (`metadata.items.0`); '' is the part itself */
  path: string;
  message: string;
}

const LONE_SURROGATE = /\p{Cs}/u;

/** Why this text cannot be stored as sent, or null. */
export function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return 'must not contain a NUL character';
  if (LONE_SURROGATE.test(text)) return 'must be valid Unicode (it contains a lone surrogate)';
  return null;
}

const join = (path: string, key: string): string => (path ? `${path}.${key}` : key);

/**
 * The first problem in a parsed request part (an object's names before its values), or null. Walks
 * with a stack of its own rather than recursion: a 40 KB body can nest 20,000 levels deep.
 */
export function inputProblemIn(value: unknown): InputProblem | null {
  const pending: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (typeof next.value === 'string') {
      const problem = textProblem(next.value);
      if (problem) return { path: next.path, message: problem };
      continue;
    }
    if (!next.value || typeof next.value !== 'object') continue;
    if (next.depth >= MAX_NESTING_DEPTH)
      return { path: next.path, message: `is nested deeper than ${MAX_NESTING_DEPTH} levels` };
    const entries = Object.entries(next.value);
    for (const [key] of entries) {
      const problem = textProblem(key);
      if (problem) return { path: join(next.path, key), message: `${problem} in its name` };
    }
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, inner] = entries[i]!;
      pending.push({ value: inner, path: join(next.path, key), depth: next.depth + 1 });
    }
  }
  return null;
}
