import BetterSqlite3 from 'better-sqlite3';
import { migrate, type Database } from './database';
import type { Migration } from './migrations/index';

/**
 * A ledger's whole schema as SQLite keeps it: every table, index, trigger and view of sqlite_master
 * with its SQL, and each table's columns. A restore candidate must have exactly the schema the
 * migration ladder builds at its version: anything more (a trigger, a view) would run inside the
 * live service, anything less would stop it at its first query.
 */
export interface LedgerSchema {
  /** `<type> <name>` -> its SQL, normalised */
  objects: Map<string, string>;
  /** table -> its columns, one normalised line each, in order */
  columns: Map<string, string[]>;
}

interface MasterRow {
  type: string;
  name: string;
  sql: string | null;
}

interface ColumnRow {
  name: string;
  type: string;
  notnull: number;
  dflt_value: string | null;
  pk: number;
  hidden: number;
}

/**
 * SQL as the ladder wrote it, minus what carries no meaning: comments, spacing, identifier quotes
 * (SQLite quotes a name it rewrites in ALTER TABLE … RENAME, and versions differ in how).
 */
export function normaliseSql(sql: string): string {
  return sql
    .replace(/--[^\n]*/g, ' ')
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/["`[\]]/g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([(),])\s*/g, '$1')
    .trim();
}

/**
 * SQLite's own bookkeeping is left out: indexes without SQL are implied by a table's UNIQUE and
 * PRIMARY KEY (compared with the table), and sqlite_stat* only hold the query planner's statistics.
 */
const isBookkeeping = (row: MasterRow): boolean =>
  (row.type === 'index' && row.sql === null && row.name.startsWith('sqlite_autoindex_')) ||
  (row.type === 'table' && /^sqlite_stat\d$/.test(row.name));

const describeColumn = (c: ColumnRow): string =>
  `${c.type || 'untyped'}${c.notnull ? ' not null' : ''}${c.dflt_value === null ? '' : ` default ${c.dflt_value}`}${c.pk ? ` pk${c.pk}` : ''}${c.hidden ? ` hidden${c.hidden}` : ''}`;

export function readSchema(db: Database): LedgerSchema {
  const rows = db.prepare('SELECT type, name, sql FROM sqlite_master ORDER BY type, name').all() as MasterRow[];
  const objects = new Map<string, string>();
  const columns = new Map<string, string[]>();
  for (const row of rows) {
    if (isBookkeeping(row)) continue;
    objects.set(`${row.type} ${row.name}`, normaliseSql(row.sql ?? ''));
    if (row.type !== 'table') continue;
    const info = db.prepare('SELECT * FROM pragma_table_xinfo(?)').all(row.name) as ColumnRow[];
    columns.set(
      row.name,
      info.map((c) => `${c.name}: ${describeColumn(c)}`),
    );
  }
  return { objects, columns };
}

const references = new WeakMap<readonly Migration[], Map<number, LedgerSchema>>();

/** What the ladder builds at `version`: its first `version` steps run on an empty in-memory database. */
export function schemaAtVersion(ladder: readonly Migration[], version: number): LedgerSchema {
  let byVersion = references.get(ladder);
  if (!byVersion) references.set(ladder, (byVersion = new Map()));
  const known = byVersion.get(version);
  if (known) return known;
  const db = new BetterSqlite3(':memory:');
  try {
    db.pragma('foreign_keys = ON');
    migrate(db, ladder.slice(0, version));
    const schema = readSchema(db);
    byVersion.set(version, schema);
    return schema;
  } finally {
    db.close();
  }
}

const columnName = (line: string): string => line.slice(0, line.indexOf(':'));

const names = (noun: string, list: string[]): string => `${noun}${list.length > 1 ? 's' : ''} ${list.join(', ')}`;

function columnDifferences(table: string, expected: string[], actual: string[]): string[] {
  const want = new Map(expected.map((line) => [columnName(line), line]));
  const have = new Map(actual.map((line) => [columnName(line), line]));
  const lacking = [...want.keys()].filter((name) => !have.has(name));
  const extra = [...have.keys()].filter((name) => !want.has(name));
  const problems: string[] = [];
  if (lacking.length > 0) problems.push(`table ${table} lacks ${names('column', lacking)}`);
  if (extra.length > 0) problems.push(`table ${table} has extra ${names('column', extra)}`);
  for (const [name, line] of want) {
    const found = have.get(name);
    if (found !== undefined && found !== line)
      problems.push(`column ${table}.${name} is ${found.slice(name.length + 2)}, not ${line.slice(name.length + 2)}`);
  }
  return problems;
}

/** Tables first (a missing column is what stops the service), then what runs code (triggers, views), then indexes. */
const TYPE_ORDER = ['table', 'trigger', 'view', 'index'];
const typeRank = (key: string): number => {
  const rank = TYPE_ORDER.indexOf(key.slice(0, key.indexOf(' ')));
  return rank < 0 ? TYPE_ORDER.length : rank;
};

/** One object that both have: its columns (a table) or else its SQL. */
function objectDifferences(
  key: string,
  expectedSql: string,
  actualSql: string,
  expected: LedgerSchema,
  actual: LedgerSchema,
): string[] {
  const [type, name] = key.split(' ') as [string, string];
  const columns =
    type === 'table' ? columnDifferences(name, expected.columns.get(name) ?? [], actual.columns.get(name) ?? []) : [];
  if (columns.length > 0) return columns;
  return actualSql === expectedSql ? [] : [`${key} is defined differently`];
}

/**
 * Every way `actual` differs from `expected`, in words ("extra trigger x", "table payments lacks
 * column kind"); empty when they are the same schema. For each kind of object: what differs in the
 * ones both have, then what is missing, then what is extra.
 */
export function schemaDifferences(expected: LedgerSchema, actual: LedgerSchema): string[] {
  const keys = [...new Set([...expected.objects.keys(), ...actual.objects.keys()])].sort(
    (a, b) => typeRank(a) - typeRank(b) || a.localeCompare(b),
  );
  const problems = keys.map((key) => {
    const want = expected.objects.get(key);
    const have = actual.objects.get(key);
    if (want === undefined) return { rank: typeRank(key) * 3 + 2, text: [`extra ${key}`] };
    if (have === undefined) return { rank: typeRank(key) * 3 + 1, text: [`lacks ${key}`] };
    return { rank: typeRank(key) * 3, text: objectDifferences(key, want, have, expected, actual) };
  });
  return problems.sort((a, b) => a.rank - b.rank).flatMap((p) => p.text);
}

/** At most `shown` problems, then how many more: a message a person reads. */
export function summariseDifferences(problems: string[], shown = 6): string {
  const more = problems.length - shown;
  return problems.slice(0, shown).join('; ') + (more > 0 ? `; and ${more} more` : '');
}
