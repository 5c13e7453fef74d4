import { normaliseSql } from '../../../server/db/ledger-schema';

/**
 * A ledger's schema in terms both engines share, so SQLite's ladder and PostgreSQL's can be compared
 * table by table. Types stay as each engine names them (schema-parity.ts maps one onto the other);
 * every expression (a CHECK, an index key, a partial index's predicate, a default) is in the
 * canonical form `canonicalExpression` gives, so the same condition reads the same from both.
 */
export interface ColumnShape {
  /** as the engine declares it: INTEGER, TEXT / bigint, integer, text, timestamptz, boolean */
  type: string;
  notNull: boolean;
  /** the default's expression, canonical; null without one */
  default: string | null;
  /** numbered by the engine: SQLite's INTEGER PRIMARY KEY (the rowid), PostgreSQL's identity column */
  generated: boolean;
}

export interface IndexShape {
  table: string;
  unique: boolean;
  /** each key column or expression, canonical */
  keys: string[];
  /** a partial index's WHERE, canonical; null for a whole-table index */
  predicate: string | null;
}

export interface TableShape {
  columns: Map<string, ColumnShape>;
  primaryKey: string[];
  /** UNIQUE constraints (unnamed in SQLite, so compared by their columns), each as `a, b` */
  uniques: Set<string>;
  /** conditions, canonical */
  checks: Set<string>;
  /** each as `(a, b) -> table (c, d)` */
  foreignKeys: Set<string>;
}

export interface SchemaShape {
  tables: Map<string, TableShape>;
  /** indexes a migration created by name (not those behind a PRIMARY KEY or UNIQUE constraint) */
  indexes: Map<string, IndexShape>;
}

/** The position of the parenthesis that closes the one at `open`, skipping string literals. */
export function closingParen(text: string, open: number): number {
  let depth = 0;
  let quoted = false;
  for (let i = open; i < text.length; i += 1) {
    const ch = text[i];
    if (ch === "'") quoted = !quoted;
    else if (quoted) continue;
    else if (ch === '(') depth += 1;
    else if (ch === ')' && --depth === 0) return i;
  }
  throw new Error(`unbalanced parentheses in ${text}`);
}

/** Splits at commas outside parentheses and string literals. */
export function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (ch === "'") quoted = !quoted;
    else if (quoted) continue;
    else if (ch === '(') depth += 1;
    else if (ch === ')') depth -= 1;
    else if (ch === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((part) => part.trim());
}

function withoutOuterParens(text: string): string {
  let result = text;
  while (result.startsWith('(') && closingParen(result, 0) === result.length - 1) result = result.slice(1, -1).trim();
  return result;
}

/**
 * One spelling for a condition whichever engine printed it. PostgreSQL prints back what it parsed:
 * casts on every literal (`'paid'::text`), `x IN (a, b)` as `x = ANY (ARRAY[a, b])`, parentheses
 * around each operand; SQLite keeps the text the migration wrote.
 */
export function canonicalExpression(sql: string): string {
  return withoutOuterParens(portableSql(sql));
}

/** normaliseSql after undoing PostgreSQL's rewrites (before it, as it drops the brackets of ARRAY[…]). */
function portableSql(sql: string): string {
  return normaliseSql(
    sql
      .replace(/::[a-z_]+(\[\])?/gi, '')
      .replace(/\s*=\s*ANY\s*\(\s*ARRAY\[([^\]]*)\]\s*\)/gi, ' IN ($1)')
      .replace(/\s*<>\s*ALL\s*\(\s*ARRAY\[([^\]]*)\]\s*\)/gi, ' NOT IN ($1)'),
  );
}

/**
 * `CREATE [UNIQUE] INDEX name ON table (keys) [WHERE predicate]`, as SQLite keeps it or as
 * PostgreSQL's pg_get_indexdef prints it (`ON public.table USING btree (…)`).
 */
export function parseIndexSql(sql: string): IndexShape & { name: string } {
  const text = portableSql(sql);
  const head = /^CREATE (UNIQUE )?INDEX (\S+) ON (?:public\.)?(\w+)(?: USING \w+)?\(/i.exec(text);
  if (!head) throw new Error(`not an index definition: ${sql}`);
  const open = head[0].length - 1;
  const close = closingParen(text, open);
  const rest = text.slice(close + 1).trim();
  const where = /^WHERE\s*(.*)$/i.exec(rest);
  if (rest !== '' && !where) throw new Error(`unexpected index clause "${rest}" in ${sql}`);
  return {
    name: head[2]!,
    table: head[3]!,
    unique: head[1] !== undefined,
    keys: splitTopLevel(text.slice(open + 1, close)).map(canonicalExpression),
    predicate: where ? canonicalExpression(where[1]!) : null,
  };
}
