import type { ColumnShape, IndexShape, SchemaShape, TableShape } from './schema-shape';

/**
 * Every way PostgreSQL's schema differs from SQLite's, one line each, naming the table and column
 * (`column payments.note: only in SQLite`). Types, defaults and expressions are first mapped from
 * SQLite's spelling to PostgreSQL's by the tables below, so only a real difference is reported.
 */

/** What each SQLite type becomes in PostgreSQL, unless the column is a time or a flag (below). */
const TYPE_MAP: Record<string, readonly string[]> = {
  TEXT: ['text'],
  // money (micro-USDT), chain positions and row ids are bigint; small counts may be integer
  INTEGER: ['bigint', 'integer'],
};

/** INTEGER epoch milliseconds in SQLite, timestamptz in PostgreSQL: `at`, `…_at`, `…_since`. */
const isTimeColumn = (column: string): boolean => /^at$|_at$|_since$/.test(column);

/** INTEGER 0/1 in SQLite, boolean in PostgreSQL. */
const FLAG_COLUMNS = new Set(['payments.late', 'webhook_endpoints.enabled']);

const FLAG_DEFAULTS: Record<string, string> = { '0': 'false', '1': 'true' };

/** Index keys spelled differently for the same order, SQLite's -> PostgreSQL's. */
const EQUIVALENT_KEYS: Record<string, string> = {
  // case-insensitive names: SQLite folds with the NOCASE collation, PostgreSQL indexes lower(name)
  'name COLLATE NOCASE': 'lower(name)',
};

function expectedPgTypes(table: string, column: string, sqliteType: string): readonly string[] {
  if (FLAG_COLUMNS.has(`${table}.${column}`)) return ['boolean'];
  if (sqliteType === 'INTEGER' && isTimeColumn(column)) return ['timestamptz'];
  return TYPE_MAP[sqliteType] ?? [`(no mapping for SQLite ${sqliteType})`];
}

function pgDefault(table: string, column: string, sqliteDefault: string | null): string | null {
  if (sqliteDefault !== null && FLAG_COLUMNS.has(`${table}.${column}`))
    return FLAG_DEFAULTS[sqliteDefault] ?? sqliteDefault;
  return sqliteDefault;
}

const only = (inSqlite: boolean): string => (inSqlite ? 'only in SQLite' : 'only in PostgreSQL');

/** What is in one set and not the other, as `<what>: only in …` lines. */
function setDifferences(what: string, sqlite: Iterable<string>, pg: Iterable<string>): string[] {
  const left = new Set(sqlite);
  const right = new Set(pg);
  return [
    ...[...left].filter((item) => !right.has(item)).map((item) => `${what.replace('%', item)}: ${only(true)}`),
    ...[...right].filter((item) => !left.has(item)).map((item) => `${what.replace('%', item)}: ${only(false)}`),
  ];
}

function columnDifferences(table: string, column: string, sqlite: ColumnShape, pg: ColumnShape): string[] {
  const name = `column ${table}.${column}`;
  const problems: string[] = [];
  const types = expectedPgTypes(table, column, sqlite.type);
  if (!types.includes(pg.type))
    problems.push(`${name}: SQLite ${sqlite.type} should be ${types.join(' or ')} in PostgreSQL, is ${pg.type}`);
  if (sqlite.notNull !== pg.notNull) problems.push(`${name}: NOT NULL ${only(sqlite.notNull)}`);
  if (sqlite.generated !== pg.generated) problems.push(`${name}: numbered by the engine ${only(sqlite.generated)}`);
  const wanted = pgDefault(table, column, sqlite.default);
  if (wanted !== pg.default)
    problems.push(`${name}: default ${sqlite.default ?? 'none'} in SQLite, ${pg.default ?? 'none'} in PostgreSQL`);
  return problems;
}

function tableDifferences(table: string, sqlite: TableShape, pg: TableShape): string[] {
  const problems = setDifferences(`column ${table}.%`, sqlite.columns.keys(), pg.columns.keys());
  for (const [column, shape] of sqlite.columns) {
    const other = pg.columns.get(column);
    if (other) problems.push(...columnDifferences(table, column, shape, other));
  }
  const sqliteKey = sqlite.primaryKey.join(', ');
  const pgKey = pg.primaryKey.join(', ');
  if (sqliteKey !== pgKey) problems.push(`primary key of ${table}: (${sqliteKey}) in SQLite, (${pgKey}) in PostgreSQL`);
  problems.push(
    ...setDifferences(`unique ${table} (%)`, sqlite.uniques, pg.uniques),
    ...setDifferences(`check ${table} (%)`, sqlite.checks, pg.checks),
    ...setDifferences(`foreign key ${table} %`, sqlite.foreignKeys, pg.foreignKeys),
  );
  return problems;
}

const describeIndex = (index: IndexShape, keys = index.keys): string =>
  `${index.unique ? 'UNIQUE ' : ''}ON ${index.table} (${keys.join(', ')})${index.predicate === null ? '' : ` WHERE ${index.predicate}`}`;

function indexDifferences(name: string, sqlite: IndexShape, pg: IndexShape): string[] {
  const mapped = describeIndex(
    sqlite,
    sqlite.keys.map((key) => EQUIVALENT_KEYS[key] ?? key),
  );
  const actual = describeIndex(pg);
  return mapped === actual ? [] : [`index ${name}: ${describeIndex(sqlite)} in SQLite, ${actual} in PostgreSQL`];
}

export function schemaDrift(sqlite: SchemaShape, pg: SchemaShape): string[] {
  const problems = setDifferences('table %', sqlite.tables.keys(), pg.tables.keys());
  for (const [table, shape] of sqlite.tables) {
    const other = pg.tables.get(table);
    if (other) problems.push(...tableDifferences(table, shape, other));
  }
  problems.push(...setDifferences('index %', sqlite.indexes.keys(), pg.indexes.keys()));
  for (const [name, index] of sqlite.indexes) {
    const other = pg.indexes.get(name);
    if (other) problems.push(...indexDifferences(name, index, other));
  }
  return problems;
}
