import { Address } from '@ton/core';
import { join } from 'node:path';
import { closeDatabase, openDatabase } from '../server/db/database';

/** Where the seeded payments say they are paid: addresses of no chain, the rows are never credited. */
export const SEED_CHAIN = {
  mode: 'sandbox' as const,
  merchantAddress: new Address(0, Buffer.alloc(32, 7)).toString({ testOnly: true }),
  jettonMaster: new Address(0, Buffer.alloc(32, 9)).toString({ testOnly: true }),
};
const STATUSES = ['pending', 'paid', 'paid', 'paid', 'expired', 'cancelled', 'partially_paid'];

/** `rows` payments in the data directory's ledger: one prepared statement, one transaction, the fastest honest way to a big ledger. */
export function seedPayments(dataDir: string, rows: number): void {
  const db = openDatabase(join(dataDir, 'tontill.db'));
  const insert = db.prepare(`INSERT INTO payments (id, kind, status, amount, paid_amount, overpaid_amount, currency, main_currency,
    external_id, request_hash, memo, address, description, late, expires_at, paid_at, created_at, updated_at)
    VALUES (?, 'invoice', ?, ?, ?, 0, 'USDT', 'TON', ?, 'x', ?, ?, ?, 0, ?, ?, ?, ?)`);
  const start = Date.now() - rows * 60_000;
  db.transaction(() => {
    for (let i = 0; i < rows; i++) {
      const status = STATUSES[i % STATUSES.length]!;
      const created = start + i * 60_000;
      const amount = 1_000_000 + (i % 997) * 10_000;
      insert.run(`pay_${i.toString(36).padStart(22, '0')}`, status, amount, status === 'paid' ? amount : 0, `order-${i}`,
        `TT-B${String(i).padStart(9, '0')}`, SEED_CHAIN.merchantAddress, i % 3 ? `Order ${i}` : null,
        created + 1_800_000, status === 'paid' ? created + 30_000 : null, created, created);
    }
  })();
  closeDatabase(db);
}
