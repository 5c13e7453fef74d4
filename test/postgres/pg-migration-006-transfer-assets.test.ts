// PostgreSQL step 006 (SQLite's 017): transfers and wallet movements say their asset, and the rows
// recorded before the step become USDT, the only asset there was.
import { describe, expect, it } from 'vitest';
import { stepDatabase } from './pg-step-database';

const db = stepDatabase('006');

describe('PostgreSQL migration 006', () => {
  it('makes the transfers and movements recorded before it USDT, keeps an asset given after it, and refuses an empty one', async () => {
    await db.create(5);
    const client = await db.connect();
    try {
      const insert = async (hash: string, asset?: string) => {
        const [column, value] = asset ? [', asset', `, '${asset}'`] : ['', ''];
        await client.query(`INSERT INTO transfers (tx_hash, lt, utime, amount, status, created_at${column})
          VALUES ('${hash}', 1, 1, 1500000000, 'unmatched', now()${value})`);
        await client.query(`INSERT INTO wallet_movements (tx_hash, account, lt, utime, kind, amount, query_id,
          created_at${column}) VALUES ('${hash}', 'acct', 1, 1, 'sent', 5, '0', now()${value})`);
      };
      await insert('before');
      await db.migrateTo(6);
      await insert('after', 'TON');
      for (const table of ['transfers', 'wallet_movements']) {
        const { rows } = await client.query(`SELECT tx_hash, asset FROM ${table} ORDER BY tx_hash`);
        expect(rows).toEqual([
          { tx_hash: 'after', asset: 'TON' },
          { tx_hash: 'before', asset: 'USDT' },
        ]);
        await expect(client.query(`UPDATE ${table} SET asset = '' WHERE tx_hash = 'after'`)).rejects.toThrow(/check/);
      }
    } finally {
      await client.end();
    }
  });
});
