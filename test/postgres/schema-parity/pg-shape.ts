import type pg from 'pg';
import { canonicalExpression, parseIndexSql, type SchemaShape, type TableShape } from './schema-shape';

/**
 * PostgreSQL's side of the comparison, read from the catalogs of the `public` schema. A client with
 * pg's default type parsing will do (names and arrays of names are all it reads).
 */

interface ColumnRow {
  table: string;
  column: string;
  type: string;
  not_null: boolean;
  default_sql: string | null;
  generated: boolean;
}
interface ConstraintRow {
  table: string;
  kind: 'p' | 'u' | 'c' | 'f';
  check_sql: string | null;
  columns: string[];
  ref_table: string;
  ref_columns: string[];
}

const COLUMNS = `
  SELECT c.relname AS table, a.attname AS column, format_type(a.atttypid, a.atttypmod) AS type,
    a.attnotnull AS not_null, pg_get_expr(d.adbin, d.adrelid) AS default_sql, a.attidentity <> '' AS generated
  FROM pg_class c
  JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
  LEFT JOIN pg_attrdef d ON d.adrelid = c.oid AND d.adnum = a.attnum
  WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r'
  ORDER BY c.relname, a.attnum`;

/** Key columns in key order: conkey and confkey are attribute numbers. */
const keyNames = (keys: string, table: string): string => `ARRAY(
    SELECT a.attname::text FROM unnest(${keys}) WITH ORDINALITY k(num, pos)
    JOIN pg_attribute a ON a.attrelid = ${table} AND a.attnum = k.num ORDER BY k.pos)`;

const CONSTRAINTS = `
  SELECT t.relname AS table, c.contype AS kind, pg_get_expr(c.conbin, c.conrelid, true) AS check_sql,
    ${keyNames('c.conkey', 'c.conrelid')} AS columns,
    coalesce(r.relname, '') AS ref_table, ${keyNames('c.confkey', 'c.confrelid')} AS ref_columns
  FROM pg_constraint c
  JOIN pg_class t ON t.oid = c.conrelid
  LEFT JOIN pg_class r ON r.oid = c.confrelid
  WHERE c.connamespace = 'public'::regnamespace AND c.contype IN ('p', 'u', 'c', 'f')
  ORDER BY t.relname, c.conname`;

// The indexes behind a PRIMARY KEY or UNIQUE constraint are compared as those constraints. (A foreign
// key's conindid names the referenced table's index, so it must not hide that index.)
const INDEXES = `
  SELECT pg_get_indexdef(x.indexrelid, 0, true) AS sql
  FROM pg_index x
  JOIN pg_class t ON t.oid = x.indrelid
  WHERE t.relnamespace = 'public'::regnamespace
    AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid AND c.contype IN ('p', 'u', 'x'))`;

/** format_type's long names, as the migrations write them */
const SHORT_TYPE_NAMES: Record<string, string> = { 'timestamp with time zone': 'timestamptz' };

const emptyTable = (): TableShape => ({
  columns: new Map(),
  primaryKey: [],
  uniques: new Set(),
  checks: new Set(),
  foreignKeys: new Set(),
});

function addConstraint(shape: TableShape, row: ConstraintRow): void {
  if (row.kind === 'p') shape.primaryKey = row.columns;
  else if (row.kind === 'u') shape.uniques.add(row.columns.join(', '));
  else if (row.kind === 'c') shape.checks.add(canonicalExpression(row.check_sql ?? ''));
  else shape.foreignKeys.add(`(${row.columns.join(', ')}) -> ${row.ref_table} (${row.ref_columns.join(', ')})`);
}

export async function pgShape(client: pg.ClientBase): Promise<SchemaShape> {
  const tables = new Map<string, TableShape>();
  const tableNamed = (name: string): TableShape => {
    let shape = tables.get(name);
    if (!shape) tables.set(name, (shape = emptyTable()));
    return shape;
  };
  for (const row of (await client.query<ColumnRow>(COLUMNS)).rows) {
    tableNamed(row.table).columns.set(row.column, {
      type: SHORT_TYPE_NAMES[row.type] ?? row.type,
      notNull: row.not_null,
      default: row.default_sql === null ? null : canonicalExpression(row.default_sql),
      generated: row.generated,
    });
  }
  for (const row of (await client.query<ConstraintRow>(CONSTRAINTS)).rows) addConstraint(tableNamed(row.table), row);
  const indexes = new Map(
    (await client.query<{ sql: string }>(INDEXES)).rows.map((row) => {
      const { name, ...index } = parseIndexSql(row.sql);
      return [name, index];
    }),
  );
  return { tables, indexes };
}
