import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NewPayment } from '../../server/storage/records';
import type { Storage } from '../../server/storage/storage-port';

/**
 * What every implementation of the storage port must do, checked through the port alone, so the
 * same suite runs against SQLite and PostgreSQL: give `storageContract` a way to open a fresh,
 * migrated, empty ledger. How writes share transactions (SQLite's group commit, PostgreSQL's
 * transaction per unit of work) is each implementation's own, tested beside it.
 */
export interface ContractLedger {
  storage: Storage;
  /** whether another connection to the same database sees this payment (it is committed) */
  visibleOutside(paymentId: string): Promise<boolean>;
  close(): Promise<void>;
}

let counter = 0;

export function newPayment(overrides: Partial<NewPayment> = {}): NewPayment {
  counter += 1;
  const id = `pay_contract${String(counter).padStart(12, '0')}`;
  return {
    id,
    kind: 'invoice',
    status: 'pending',
    amount: 10_000_000n,
    paidAmount: 0n,
    overpaidAmount: 0n,
    refundedAmount: 0n,
    currency: 'USDT',
    mainCurrency: 'TON',
    externalId: null,
    requestHash: 'h',
    memo: `TT-C${String(counter).padStart(9, '0')}`,
    address: 'EQ-merchant',
    description: null,
    customer: null,
    callbackUrl: null,
    successUrl: null,
    failUrl: null,
    metadata: null,
    allowedOrigins: null,
    late: false,
    expiresAt: 2_000_000_000_000,
    paidAt: null,
    createdAt: 1_700_000_000_000 + counter,
    updatedAt: 1_700_000_000_000 + counter,
    pricing: null,
    toleranceBps: 0,
    ...overrides,
  };
}

interface Deferred<T = void> {
  promise: Promise<T>;
  resolve(value: T): void;
}

function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

export function storageContract(name: string, open: () => Promise<ContractLedger>): void {
  describe(`storage port contract: ${name}`, () => {
    let ledger: ContractLedger;
    let storage: Storage;
    beforeEach(async () => {
      ledger = await open();
      storage = ledger.storage;
    });
    afterEach(() => ledger.close());

    it('answers a write only once it is committed', async () => {
      const payments = [newPayment(), newPayment(), newPayment()];
      const written = await Promise.all(
        payments.map((p) =>
          storage.write(async (uow) => {
            const stored = await uow.payments.insert(p);
            return { stored, visible: await ledger.visibleOutside(p.id) };
          }),
        ),
      );
      expect(written.map((w) => w.visible)).toEqual([false, false, false]);
      for (const p of payments) expect(await ledger.visibleOutside(p.id)).toBe(true);
      expect(new Set(written.map((w) => w.stored.seq)).size).toBe(3);
    });

    it('a write issued while a batch is open goes into the next batch', async () => {
      const [first, second] = [newPayment(), newPayment()];
      let next: Promise<boolean> | null = null;
      await storage.write(async (uow) => {
        await uow.payments.insert(first);
        next = storage.write(async (later) => {
          await later.payments.insert(second);
          return ledger.visibleOutside(first.id);
        });
      });
      expect(await next!, 'the first batch was committed before the next one ran').toBe(true);
    });

    it('rolls back only the failing job: the others of its batch commit', async () => {
      const [a, b] = [newPayment(), newPayment()];
      const clash = { ...newPayment(), memo: a.memo };
      const first = storage.write((uow) => uow.payments.insert(a));
      const outcomes = await Promise.allSettled([
        first,
        storage.write(async (uow) => {
          await uow.payments.insert(b);
          throw new Error('refused');
        }),
        // after the first, so it is this one that breaks the unique memo however the writes interleave
        first.then(() => storage.write((uow) => uow.payments.insert(clash))),
      ]);
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'rejected']);
      expect((outcomes[1] as PromiseRejectedResult).reason).toEqual(new Error('refused'));
      expect(await storage.read((v) => v.payments.findById(a.id))).not.toBeNull();
      expect(await storage.read((v) => v.payments.findById(b.id))).toBeNull();
    });

    it('runs after-commit callbacks once the batch is durable, before its callers continue, and never those of a job that rolled back', async () => {
      const [kept, dropped] = [newPayment(), newPayment()];
      const announced: string[] = [];
      const visibility = new Map<string, Promise<boolean>>();
      const announce = (id: string) => () => {
        announced.push(id);
        visibility.set(id, ledger.visibleOutside(id));
      };
      await Promise.allSettled([
        storage.write(async (uow) => {
          await uow.payments.insert(kept);
          uow.afterCommit(announce(kept.id));
        }),
        storage.write(async (uow) => {
          await uow.payments.insert(dropped);
          uow.afterCommit(announce(dropped.id));
          throw new Error('no');
        }),
      ]);
      // both writes are answered, so the storage has run every callback it ever will for them: a
      // caller sees the effect of what its write announced (events on the bus) as soon as it continues
      expect(announced).toEqual([kept.id]);
      expect(await visibility.get(kept.id), 'the callback ran before the batch was committed').toBe(true);
    });

    it('a job sees its own writes before they commit', async () => {
      const p = newPayment();
      const found = await storage.write(async (uow) => {
        await uow.payments.insert(p);
        return uow.payments.findByMemo(p.memo);
      });
      expect(found?.id).toBe(p.id);
    });

    it('reads never see a batch that is still open, even while its job awaits', async () => {
      const p = newPayment();
      const inserted = deferred();
      const release = deferred();
      const writing = storage.write(async (uow) => {
        await uow.payments.insert(p);
        inserted.resolve();
        // a job may wait between two statements (a network database always does)
        await release.promise;
        throw new Error('rolled back after all');
      });
      await inserted.promise;
      const reading = storage.read((v) => v.payments.findById(p.id));
      release.resolve();
      await expect(writing).rejects.toThrow('rolled back after all');
      expect(await reading, 'the read saw a row that was never committed').toBeNull();
    });

    it('records a transfer exactly once, however often it is reported', async () => {
      const transfer = {
        txHash: 'ab'.repeat(32),
        lt: 42n,
        utime: 1_700_000_000,
        amount: 5n,
        from: null,
        comment: 'hi',
        asset: 'USDT' as const,
      };
      const row = { transfer, paymentId: null, status: 'unmatched' as const, createdAt: 1 };
      const inserted = await Promise.all([1, 2, 3].map(() => storage.write((uow) => uow.transfers.insertMany([row]))));
      expect(inserted.sort()).toEqual([0, 0, 1]);
      expect(await storage.write((uow) => uow.transfers.insertMany([row, { ...row, createdAt: 2 }]))).toBe(0);
      expect(await storage.read((v) => v.transfers.hashesBetween(42n, 42n))).toEqual([transfer.txHash]);
      expect(await storage.read((v) => v.transfers.countWithStatus('unmatched'))).toBe(1);
    });

    it('pages payments by keyset, newest first, without gaps or repeats', async () => {
      const made = [];
      for (let i = 0; i < 7; i += 1) made.push(await storage.write((uow) => uow.payments.insert(newPayment())));
      const seen: string[] = [];
      let beforeSeq: number | undefined;
      for (;;) {
        const page = await storage.read((v) => v.payments.search({ limit: 3, beforeSeq }));
        seen.push(...page.map((p) => p.id));
        if (page.length < 3) break;
        beforeSeq = page.at(-1)!.seq;
      }
      expect(seen).toEqual(made.map((p) => p.id).reverse());
    });

    it('keeps a payment as written, every field, whichever way it is read; money as bigint', async () => {
      const p = newPayment({
        amount: 9_007_199_254_740_993n,
        externalId: 'order-7',
        description: 'two coffees',
        customer: { email: 'a@b.c' },
        callbackUrl: 'https://shop.example/cb',
        successUrl: 'https://shop.example/ok',
        failUrl: 'https://shop.example/no',
        metadata: { order: '7' },
        allowedOrigins: ['https://shop.example'],
      });
      const stored = await storage.write((uow) => uow.payments.insert(p));
      const reads = await storage.read(async (v) => [
        await v.payments.findById(p.id),
        await v.payments.findByExternalId('order-7'),
        await v.payments.findByMemo(p.memo),
        ...(await v.payments.findByMemos([p.memo])),
        ...(await v.payments.list({ limit: 1 })),
        ...(await v.payments.search({ search: p.id, limit: 1 })),
        ...(await v.payments.withDueAmount(p.amount, 0, 1)),
        ...(await v.payments.dueForExpiry(p.expiresAt, 1)),
      ]);
      expect(reads).toEqual(Array.from({ length: 8 }, () => stored));
    });

    it('dates the first payment an asset may pay: one in that asset, or a fiat price quoted in it', async () => {
      const quote = (asset: 'USDT' | 'TON', amount: bigint) => ({
        asset,
        amount,
        rate: '1',
        source: 'manual',
        fixedAt: 1,
      });
      const eur = { price: { amount: '3.40', currency: 'EUR' }, quotes: [quote('USDT', 3_695_653n), quote('TON', 1n)] };
      await storage.write(async (uow) => {
        await uow.payments.insert(newPayment({ createdAt: 1_000 }));
        // a EUR price asks USDT first; the customer may still pay its TON quote
        await uow.payments.insert(newPayment({ createdAt: 2_000, pricing: eur }));
        await uow.payments.insert(newPayment({ createdAt: 3_000, currency: 'TON' }));
      });
      const first = await storage.read(async (v) => [
        await v.payments.firstCreatedAt('USDT'),
        await v.payments.firstCreatedAt('TON'),
      ]);
      expect(first).toEqual([1_000, 2_000]);
    });

    it('writes a state change to that payment alone, and reads it back as written', async () => {
      const [p, other] = await storage.write(async (uow) => [
        await uow.payments.insert(newPayment()),
        await uow.payments.insert(newPayment()),
      ]);
      const paid = {
        ...p!,
        status: 'paid' as const,
        paidAmount: 10_000_001n,
        overpaidAmount: 1n,
        late: true,
        paidAt: 1_800_000_000_000,
        updatedAt: 1_800_000_000_001,
      };
      await storage.write((uow) => uow.payments.updateState(paid));
      expect(await storage.read((v) => v.payments.findById(p!.id))).toEqual(paid);
      expect(await storage.read((v) => v.payments.findById(other!.id))).toEqual(other);
    });
  });
}
