/**
 * The asset lines a figures screen shows: those that moved money in the span, or when none did the
 * first (the store's first asset), so a quiet day still says what it took. Never a sum across them.
 */
export function linesWithMoney<T>(lines: readonly T[], moved: (line: T) => boolean): T[] {
  const moving = lines.filter(moved);
  return moving.length > 0 ? moving : lines.slice(0, 1);
}
