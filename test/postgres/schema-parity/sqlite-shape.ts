import BetterSqlite3 from 'better-sqlite3';
import { migrate, type Database } from '../../../server/db/database';
import { readSchema, type LedgerSchema } from '../../../server/db/ledger-schema';
import type { Migration } from '../../../server/db/migrations/index';
import {
  canonicalExpression,
  closingParen,
  parseIndexSql,
  type ColumnShape,
  type SchemaShape,
  type TableShape,
} from './schema-shape';

/**
 * SQLite's side of the comparison. Tables, columns and the SQL of each table and index come from
 * `readSchema` (server/db/ledger-schema.ts, what a restore is checked with); the keys SQLite keeps
 * only in its own bookkeeping (the indexes behind UNIQUE, the foreign keys) from its pragmas.
 */

/** One line of readSchema's column list: `name: TYPE[ not null][ default X][ pkN][ hiddenN]`. */
const COLUMN_LINE = /^(\w+): (\S+)( not null)?(?: default (.*?))?(?: pk(\d+))?(?: hidden\d+)?$/;

interface ParsedColumn extends ColumnShape {
  name: string;
  /** position in the primary key, 0 outside it */
  pk: number;
}

function parseColumnLine(line: string): ParsedColumn {
  const match = COLUMN_LINE.exec(line);
  if (!match) throw new Error(`unexpected column description from readSchema: ${line}`);
  const pk = Number(match[5] ?? 0);
  return {
    name: match[1]!,
    type: match[2]!,
    // SQLite lets a non-INTEGER PRIMARY KEY hold NULL (a legacy quirk); the ledger never stores one,
    // and PostgreSQL makes every key column NOT NULL, so a key column counts as NOT NULL here.
    notNull: match[3] !== undefined || pk > 0,
    default: match[4] === undefined ? null : canonicalExpression(match[4]),
    generated: false,
    pk,
  };
}

const primaryKeyOf = (parsed: ParsedColumn[]): string[] =>
  parsed
    .filter((c) => c.pk > 0)
    .sort((a, b) => a.pk - b.pk)
    .map((c) => c.name);

/** Every CHECK (…) in a table's SQL, column constraints and table constraints alike. */
function checksIn(tableSql: string): Set<string> {
  const checks = new Set<string>();
  for (const match of tableSql.matchAll(/\bCHECK\s*\(/gi)) {
    const open = match.index + match[0].length - 1;
    checks.add(canonicalExpression(tableSql.slice(open + 1, closingParen(tableSql, open))));
  }
  return checks;
}

interface IndexListRow {
  name: string;
  origin: string;
  partial: number;
}
interface ForeignKeyRow {
  id: number;
  table: string;
  from: string;
  to: string | null;
}

function uniqueConstraints(db: Database, table: string): Set<string> {
  const lists = db
    .prepare("SELECT name, origin, partial FROM pragma_index_list(?) WHERE origin = 'u'")
    .all(table) as IndexListRow[];
  return new Set(
    lists.map((index) => {
      const columns = db
        .prepare('SELECT name FROM pragma_index_info(?) ORDER BY seqno')
        .pluck()
        .all(index.name) as string[];
      return columns.join(', ');
    }),
  );
}

function foreignKeys(db: Database, schema: LedgerSchema, table: string): Set<string> {
  const rows = db
    .prepare('SELECT id, "table", "from", "to" FROM pragma_foreign_key_list(?) ORDER BY id, seq')
    .all(table) as ForeignKeyRow[];
  const byId = new Map<number, ForeignKeyRow[]>();
  for (const row of rows) byId.set(row.id, [...(byId.get(row.id) ?? []), row]);
  return new Set(
    [...byId.values()].map((parts) => {
      const target = parts[0]!.table;
      // "to" is NULL when the reference names only the table, i.e. its primary key
      const to = parts.every((p) => p.to !== null)
        ? parts.map((p) => p.to!)
        : primaryKeyOf((schema.columns.get(target) ?? []).map(parseColumnLine));
      return `(${parts.map((p) => p.from).join(', ')}) -> ${target} (${to.join(', ')})`;
    }),
  );
}

function tableShape(db: Database, schema: LedgerSchema, table: string): TableShape {
  const tableSql = schema.objects.get(`table ${table}`) ?? '';
  const parsed = (schema.columns.get(table) ?? []).map(parseColumnLine);
  const primaryKey = primaryKeyOf(parsed);
  const columns = new Map(parsed.map(({ name, pk: _pk, ...column }) => [name, column]));
  // INTEGER PRIMARY KEY alone in a rowid table is the rowid: SQLite numbers it, as an identity column would
  const single = primaryKey.length === 1 ? columns.get(primaryKey[0]!) : undefined;
  if (single?.type === 'INTEGER' && !/WITHOUT ROWID$/i.test(tableSql)) single.generated = true;
  return {
    columns,
    primaryKey,
    uniques: uniqueConstraints(db, table),
    checks: checksIn(tableSql),
    foreignKeys: foreignKeys(db, schema, table),
  };
}

/** The shape of what `ladder` builds in an empty in-memory database. */
export function sqliteShape(ladder: readonly Migration[]): SchemaShape {
  const db = new BetterSqlite3(':memory:');
  try {
    db.pragma('foreign_keys = ON');
    migrate(db, ladder);
    const schema = readSchema(db);
    const tables = new Map(
      [...schema.columns.keys()]
        .filter((name) => !name.startsWith('sqlite_'))
        .map((name) => [name, tableShape(db, schema, name)]),
    );
    const indexes = new Map(
      [...schema.objects]
        .filter(([key]) => key.startsWith('index '))
        .map(([, sql]) => {
          const { name, ...index } = parseIndexSql(sql);
          return [name, index];
        }),
    );
    return { tables, indexes };
  } finally {
    db.close();
  }
}
