import pg from 'pg';
import type { ClientBase } from 'pg';

/**
 * How values cross the wire: int8 (money in micro-USDT, chain positions, row ids) arrives as a
 * bigint, never as a float or a string; timestamptz arrives as epoch milliseconds, the unit the
 * domain uses. numeric (what `sum()` of int8 gives) stays a string: repositories cast it or BigInt it.
 */
const INT8 = 20;
const TIMESTAMPTZ = 1184;
const parseTimestamp = pg.types.getTypeParser(TIMESTAMPTZ, 'text') as (text: string) => Date;

export const PG_TYPES = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8) return (text: string) => BigInt(text);
    if (oid === TIMESTAMPTZ) return (text: string) => parseTimestamp(text).getTime();
    return pg.types.getTypeParser(oid, format ?? 'text');
  },
} as unknown as pg.CustomTypesConfig;

/** A timestamptz parameter from epoch milliseconds. */
export function at(ms: number): Date;
export function at(ms: number | null | undefined): Date | null;
export function at(ms: number | null | undefined): Date | null {
  return ms === null || ms === undefined ? null : new Date(ms);
}

/** Row ids and counts arrive as bigint; they fit a number by far. */
export const num = (value: bigint | number | string): number => Number(value);

/** A sum() (numeric, as text) or a bigint column, as micro-USDT; null (no rows) is zero. */
export const money = (value: bigint | string | null | undefined): bigint =>
  value === null || value === undefined ? 0n : BigInt(value);

/** One name per statement text: each connection parses a statement once, then only binds it. */
const statementNames = new Map<string, string>();
const nameOf = (text: string): string => {
  let name = statementNames.get(text);
  if (!name) {
    name = `tt${statementNames.size + 1}`;
    statementNames.set(text, name);
  }
  return name;
};

/**
 * One connection as the repositories see it, inside the transaction the storage opened. Every query
 * is parameterised ($1, $2 …) and prepared once per connection.
 */
export class PgSql {
  /** what a repository did once in this transaction and need not do again (a lock taken, a NOTIFY sent) */
  readonly doneInTransaction = new Set<string>();

  constructor(
    private readonly client: ClientBase,
    readonly instanceId: string,
  ) {}

  async rows<R>(text: string, values: readonly unknown[] = []): Promise<R[]> {
    const result = await this.client.query({ name: nameOf(text), text, values: values as unknown[] });
    return result.rows as R[];
  }

  async one<R>(text: string, values: readonly unknown[] = []): Promise<R | null> {
    return (await this.rows<R>(text, values))[0] ?? null;
  }

  /** How many rows the statement changed. */
  async run(text: string, values: readonly unknown[] = []): Promise<number> {
    const result = await this.client.query({ name: nameOf(text), text, values: values as unknown[] });
    return result.rowCount ?? 0;
  }

  /** Statements without parameters (BEGIN, COMMIT), sent as they are. */
  async exec(text: string): Promise<void> {
    await this.client.query(text);
  }
}
