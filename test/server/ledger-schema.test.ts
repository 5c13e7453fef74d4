import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../server/db/database';
import {
  normaliseSql,
  readSchema,
  schemaAtVersion,
  schemaDifferences,
  summariseDifferences,
} from '../../server/db/ledger-schema';
import { migrations } from '../../server/db/migrations/index';

/** The decision behind every restore: is this exactly the schema the ladder builds at its version? */
function ledgerAt(version: number, change?: string): BetterSqlite3.Database {
  const db = new BetterSqlite3(':memory:');
  migrate(db, migrations.slice(0, version));
  if (change) db.exec(change);
  return db;
}

const differencesAt = (version: number, change?: string): string[] => {
  const db = ledgerAt(version, change);
  try {
    return schemaDifferences(schemaAtVersion(migrations, version), readSchema(db));
  } finally {
    db.close();
  }
};

const latest = migrations.length;

describe('a ledger schema against the ladder', () => {
  it('every version the ladder builds equals its own reference, and differs from the next', () => {
    for (let version = 1; version <= latest; version++) {
      expect(differencesAt(version), `version ${version}`).toEqual([]);
      if (version === latest) continue;
      const older = ledgerAt(version);
      expect(
        schemaDifferences(schemaAtVersion(migrations, version + 1), readSchema(older)),
        `version ${version} against ${version + 1}`,
      ).not.toEqual([]);
      older.close();
    }
  });

  it('names an added trigger, view, index or table', () => {
    expect(
      differencesAt(latest, 'CREATE TRIGGER wipe AFTER INSERT ON payments BEGIN DELETE FROM payment_events; END;'),
    ).toEqual(['extra trigger wipe']);
    expect(differencesAt(latest, 'CREATE VIEW v AS SELECT 1;')).toEqual(['extra view v']);
    expect(differencesAt(latest, 'CREATE INDEX payments_memo_again ON payments (memo);')).toEqual([
      'extra index payments_memo_again',
    ]);
    expect(differencesAt(latest, 'CREATE TABLE notes (t TEXT);')).toEqual(['extra table notes']);
  });

  it('names a missing table or index, a missing, extra or changed column, and a changed constraint', () => {
    expect(differencesAt(latest, 'DROP INDEX payments_paid_at;')).toEqual(['lacks index payments_paid_at']);
    expect(differencesAt(latest, 'ALTER TABLE payments ADD COLUMN note TEXT;')).toEqual([
      'table payments has extra column note',
    ]);
    const two = new BetterSqlite3(':memory:');
    two.exec('CREATE TABLE payments (id TEXT); CREATE TABLE payment_events (id TEXT);');
    const problems = schemaDifferences(schemaAtVersion(migrations, latest), readSchema(two));
    two.close();
    expect(problems).toContainEqual(expect.stringMatching(/^table payments lacks columns [^;]*\bkind\b/));
    expect(problems).toContain('lacks table settings');
    expect(problems).toContain('column payments.id is TEXT, not TEXT not null');
    expect(summariseDifferences(problems, 2)).toMatch(/^[^;]+; [^;]+; and \d+ more$/);
  });

  it('a CHECK that differs is a difference even when every column is the same', () => {
    const db = new BetterSqlite3(':memory:');
    db.exec('CREATE TABLE t (amount INTEGER NOT NULL CHECK (amount >= 0))');
    const reference = readSchema(db);
    db.exec('DROP TABLE t; CREATE TABLE t (amount INTEGER NOT NULL)');
    expect(schemaDifferences(reference, readSchema(db))).toEqual(['table t is defined differently']);
    db.close();
  });

  it('spacing, comments and identifier quotes carry no meaning', () => {
    expect(normaliseSql('CREATE TABLE "transfers" (\n  a INTEGER, -- why\n  b TEXT /* note */\n)')).toBe(
      normaliseSql('CREATE TABLE transfers (a INTEGER, b TEXT)'),
    );
    expect(normaliseSql('CREATE TABLE t (a INTEGER)')).not.toBe(normaliseSql('CREATE TABLE t (a TEXT)'));
  });
});
