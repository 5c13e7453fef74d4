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
  /** the same ratio on PostgreSQL: its own figures, against its own ceilings */
  pg?: { of: string; to: string };
}

type Targets = Record<string, { value: number; atMost?: boolean }>;

export function printTable(figures: Figures, ratios: Ratio[], targets: Targets): void {
  const rows = Object.entries(figures).map(([name, f]) => {
    const target = targets[name];
    const verdict = target
      ? (target.atMost ? f.value <= target.value : f.value >= target.value)
        ? 'meets'
        : 'MISSES'
      : '';
    const goal = target ? `${target.atMost ? '<=' : '>='} ${target.value}` : '';
    return [name, format(f.value), f.unit, goal, verdict];
  });
  for (const r of ratios) {
    const a = figures[r.of]?.value;
    const b = figures[r.to]?.value;
    if (a === undefined || b === undefined) continue;
    const ratio = a / b;
    rows.push([
      `${r.of} / ${r.to}`,
      ratio.toFixed(3),
      'ratio',
      `>= ${r.target}`,
      ratio >= r.target ? 'meets' : 'MISSES',
    ]);
  }
  const widths = [0, 1, 2, 3, 4].map((i) =>
    Math.max(...rows.map((row) => row[i]!.length), ['figure', 'value', 'unit', 'target', ''][i]!.length),
  );
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 1 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ');
  console.log(line(['figure', 'value', 'unit', 'target', '']));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

const meets = (value: number, target: { value: number; atMost?: boolean }): boolean =>
  target.atMost ? value <= target.value : value >= target.value;

/**
 * `--engine postgres`: one row per figure, SQLite's value next to PostgreSQL's (`<name>_pg`, or the
 * name `pgNames` gives it), then the ratios, each on its own engine's figures. The targets are
 * SQLite's; both values are held against them, the verdict column reads `sqlite / postgres`.
 */
export function printComparison(
  figures: Figures,
  ratios: Ratio[],
  targets: Targets,
  suffix: string,
  pgNames: Record<string, string>,
): void {
  const cell = (f: Figure | undefined) => (f ? format(f.value) : '-');
  const verdict = (value: number | undefined, target: { value: number; atMost?: boolean }) =>
    value === undefined ? '-' : meets(value, target) ? 'meets' : 'MISSES';
  const paired = new Set(Object.values(pgNames));
  const rows: string[][] = [];
  const shown = new Set<string>();
  for (const [name, f] of Object.entries(figures)) {
    if (name.endsWith(suffix) || paired.has(name)) continue;
    const pgName = pgNames[name] ?? `${name}${suffix}`;
    const pg = figures[pgName];
    const target = targets[name];
    shown.add(name).add(pgName);
    rows.push([
      pgNames[name] ? `${name} | ${pgName}` : name,
      cell(f),
      cell(pg),
      f.unit,
      target ? `${target.atMost ? '<=' : '>='} ${target.value}` : '',
      target ? `${verdict(f.value, target)} / ${verdict(pg?.value, target)}` : '',
    ]);
  }
  // PostgreSQL figures SQLite has no row for (none today): listed, not dropped
  for (const [name, f] of Object.entries(figures))
    if (!shown.has(name)) rows.push([name, '-', cell(f), f.unit, '', '']);
  const notes: string[] = [];
  for (const r of ratios) {
    const ratio = (of: string, to: string) => {
      const a = figures[of]?.value;
      const b = figures[to]?.value;
      return a === undefined || b === undefined ? undefined : a / b;
    };
    const sqlite = ratio(r.of, r.to);
    const pg = r.pg ? ratio(r.pg.of, r.pg.to) : undefined;
    if (sqlite === undefined && pg === undefined) continue;
    const target = { value: r.target };
    rows.push([
      `${r.of} / ${r.to}`,
      sqlite?.toFixed(3) ?? '-',
      pg?.toFixed(3) ?? '-',
      'ratio',
      `>= ${r.target}`,
      `${verdict(sqlite, target)} / ${verdict(pg, target)}`,
    ]);
    if (r.pg) notes.push(`${r.of} / ${r.to}: on PostgreSQL ${r.pg.of} / ${r.pg.to}`);
  }
  const header = ['figure', 'sqlite', 'postgres', 'unit', 'target', 'sqlite / postgres'];
  const widths = header.map((h, i) => Math.max(...rows.map((row) => row[i]!.length), h.length));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 1 || i === 2 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  console.log(
    "SQLite and PostgreSQL side by side; targets are SQLite's, both columns are held against them (last column: sqlite / postgres).",
  );
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
  for (const note of notes) console.log(`  ratio ${note}`);
}

function format(value: number): string {
  return value >= 100 ? Math.round(value).toString() : value.toFixed(2);
}
