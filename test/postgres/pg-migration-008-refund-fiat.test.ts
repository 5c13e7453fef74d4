// PostgreSQL step 008 (SQLite's 019): a refund keeps what it was stated as when a fiat amount, as JSON text;
// a refund without one (every refund before the step) has NULL.
import { describe, expect, it } from 'vitest';
import { stepDatabase } from './pg-step-database';

const db = stepDatabase('008');

describe('PostgreSQL migration 008', () => {
  it('adds refunds.fiat_json as nullable text', async () => {
    await db.create(7);
    const client = await db.connect();
    try {
      const column = () =>
        client.query(
          `SELECT data_type, is_nullable FROM information_schema.columns WHERE table_name = 'refunds' AND column_name = 'fiat_json'`,
        );
      expect((await column()).rows).toEqual([]);
      await db.migrateTo(8);
      expect((await column()).rows).toEqual([{ data_type: 'text', is_nullable: 'YES' }]);
    } finally {
      await client.end();
    }
  });
});
