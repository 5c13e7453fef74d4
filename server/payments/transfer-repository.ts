import type { Database, Statement } from 'better-sqlite3';
import type { CreditedTransfer } from './payment-presenter';

interface TransferRow {
  tx_hash: string;
  amount: bigint;
  from_address: string | null;
  comment: string | null;
  created_at: bigint;
}

/** Transfers credited to payments; the watcher's ingest writes them, payments read them. */
export class TransferRepository {
  private readonly forPaymentStmt: Statement<[string], TransferRow>;

  constructor(db: Database) {
    this.forPaymentStmt = db
      .prepare<[string], TransferRow>(`SELECT tx_hash, amount, from_address, comment, created_at FROM transfers
        WHERE payment_id = ? AND status = 'credited' ORDER BY lt`)
      .safeIntegers(true);
  }

  creditedTo(paymentId: string): CreditedTransfer[] {
    return this.forPaymentStmt.all(paymentId).map((r) => ({
      txHash: r.tx_hash,
      amount: r.amount,
      from: r.from_address,
      comment: r.comment,
      creditedAt: Number(r.created_at),
    }));
  }
}
