/** One measured figure, as written to bench-results.json. */
export interface Figure {
  value: number;
  unit: string;
}

export type Figures = Record<string, Figure>;

/** A ratio line of the printed table: a figure against its ceiling, with the target it must meet. */
export interface Ratio {
  name: string;
  of: string;
  to: string;
  target: number;
  /** true when smaller is better (latencies) */
  atMost?: boolean;
}

export function printTable(figures: Figures, ratios: Ratio[], targets: Record<string, { value: number; atMost?: boolean }>): void {
  const rows = Object.entries(figures).map(([name, f]) => {
    const target = targets[name];
    const verdict = target ? (target.atMost ? f.value <= target.value : f.value >= target.value) ? 'meets' : 'MISSES' : '';
    const goal = target ? `${target.atMost ? '<=' : '>='} ${target.value}` : '';
    return [name, format(f.value), f.unit, goal, verdict];
  });
  for (const r of ratios) {
    const a = figures[r.of]?.value;
    const b = figures[r.to]?.value;
    if (a === undefined || b === undefined) continue;
    const ratio = a / b;
    rows.push([`${r.of} / ${r.to}`, ratio.toFixed(3), 'ratio', `>= ${r.target}`, ratio >= r.target ? 'meets' : 'MISSES']);
  }
  const widths = [0, 1, 2, 3, 4].map((i) => Math.max(...rows.map((row) => row[i]!.length), ['figure', 'value', 'unit', 'target', ''][i]!.length));
  const line = (cells: string[]) => cells.map((c, i) => (i === 1 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ');
  console.log(line(['figure', 'value', 'unit', 'target', '']));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

function format(value: number): string {
  return value >= 100 ? Math.round(value).toString() : value.toFixed(2);
}
