import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainErrorKind, type DomainError } from '../../server/domain/errors';
import { formatAmount, parseAmount } from '../../contract/amount';
import type { PublicPayment } from '../../contract/payments';
import { createTestApp, type TestApp } from '../helpers/test-app';

const AMOUNT = 10_000_000n;
const WINDOW_SECONDS = 3600;
const ACCOUNT = 'merchant-jetton-wallet';
const micro = (text: string): bigint => {
  const parsed = parseAmount(text, 10n ** 15n, 'USDT');
  if (!parsed.ok) throw new Error(`${text}: ${parsed.message}`);
  return parsed.value;
};

type Op =
  | { op: 'credit'; amount: bigint; datedAtCreation: boolean }
  | { op: 'pastExpiry' }
  | { op: 'sweep' }
  | { op: 'cancel' }
  | { op: 'pastWindow' };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('credit' as const),
      amount: fc.oneof(
        fc.constantFrom(1n, 4_000_000n, 6_000_000n, AMOUNT, AMOUNT - 1n),
        fc.bigInt({ min: 1n, max: 15_000_000n }),
      ),
      // a watcher catching up: the transfer is dated before expiry but credited after the sweep
      datedAtCreation: fc.boolean(),
    }),
  },
  ...(['pastExpiry', 'sweep', 'cancel', 'pastWindow'] as const).map((op) => ({
    weight: 1,
    arbitrary: fc.constant<Op>({ op }),
  })),
);

/** What every view must agree on. */
const essentials = (
  p: Pick<PublicPayment, 'status' | 'paidAmount' | 'overpaidAmount' | 'late'> & {
    transfers?: PublicPayment['transfers'];
  },
) => ({
  status: p.status,
  paidAmount: p.paidAmount,
  overpaidAmount: p.overpaidAmount,
  late: p.late,
  ...(p.transfers ? { transfers: p.transfers.map((t) => ({ txHash: t.txHash, amount: t.amount })) } : {}),
});

/**
 * Random sequences of credits, clock moves, expiry sweeps and cancels on a real app over a real
 * SQLite file. Credits go through TransferLedger.creditBatch, the watcher's own entry point.
 */
describe('every view of a payment agrees after every step', () => {
  let t: TestApp;
  let consoleAuth: Record<string, string>;
  let lt = 1_000n;
  beforeAll(async () => {
    t = await createTestApp({ config: { payments: { monitoringWindowSeconds: WINDOW_SECONDS } } });
    await t.services.webhooks.createEndpoint({ url: 'https://shop.example/hook', events: ['*'] });
  });
  afterAll(async () => t.close());

  const get = async (url: string, headers: Record<string, string> = { 'x-api-key': t.apiKey }) => {
    const res = await t.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode, url).toBe(200);
    return res.json();
  };

  async function credit(payment: PublicPayment, amount: bigint, datedAtCreation: boolean): Promise<void> {
    lt += 1n;
    const hash = lt.toString(16).padStart(64, '0');
    const at = datedAtCreation ? Date.parse(payment.createdAt) : t.clock.now();
    await t.services.ledger.creditBatch(
      ACCOUNT,
      [
        {
          txHash: hash,
          lt,
          utime: Math.floor(at / 1000),
          amount,
          from: null,
          comment: payment.memo,
          asset: 'USDT',
        },
      ],
      { lt, hash },
    );
  }

  async function apply(step: Op, payment: PublicPayment): Promise<void> {
    const expiresAt = Date.parse(payment.expiresAt);
    if (step.op === 'credit') await credit(payment, step.amount, step.datedAtCreation);
    if (step.op === 'pastExpiry') t.clock.advance(Math.max(0, expiresAt - t.clock.now()) + 1_000);
    if (step.op === 'pastWindow')
      t.clock.advance(Math.max(0, expiresAt + WINDOW_SECONDS * 1000 - t.clock.now()) + 1_000);
    if (step.op === 'sweep') await t.services.payments.expireDue();
    if (step.op === 'cancel') {
      try {
        await t.services.payments.cancel(payment.id);
      } catch (err) {
        expect((err as DomainError).kind).toBe(DomainErrorKind.invalidTransition);
      }
    }
  }

  async function expectAgreement(payment: PublicPayment, creditedSum: bigint, externalId: string): Promise<void> {
    const record: PublicPayment = await get(`/crypto/payment/${payment.id}`);
    const listRow: PublicPayment = (await get(`/crypto/payments?externalId=${externalId}`)).items[0];
    const consoleRow = (await get(`/console/api/payments?q=${payment.id}`, consoleAuth)).items[0];
    const detail = await get(`/console/api/payments/${payment.id}`, consoleAuth);
    const checkout = await get(`/pay/${payment.id}/status`, {});
    const events = await t.services.payments.timeline(payment.id);
    const last = events.at(-1)!.data as PublicPayment;

    const expected = essentials(record);
    expect(essentials(listRow)).toEqual(expected);
    expect(essentials(detail.payment)).toEqual(expected);
    expect(essentials(last)).toEqual(expected);
    expect(essentials(consoleRow)).toEqual(essentials({ ...record, transfers: undefined }));
    expect(detail.events.at(-1)).toMatchObject({ status: record.status, paidAmount: record.paidAmount });
    expect(checkout).toMatchObject({
      status: record.status,
      paidAmount: record.paidAmount,
      dueAmount: record.dueAmount,
    });

    // no credit is lost or invisible, and the amounts are consistent with each other
    expect(record.paidAmount).toBe(formatAmount(creditedSum, 'USDT'));
    expect(record.transfers.reduce((sum, x) => sum + micro(x.amount), 0n)).toBe(creditedSum);
    expect(record.overpaidAmount).toBe(formatAmount(creditedSum > AMOUNT ? creditedSum - AMOUNT : 0n, 'USDT'));
    // every event reaches the webhook outbox
    for (const event of events)
      expect(await t.services.webhooks.listDeliveries({ eventId: event.id, limit: 2 })).toHaveLength(1);
  }

  it('status record, list rows, console detail, checkout and the event stream', async () => {
    let run = 0;
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 12 }), async (steps) => {
        const externalId = `prop-${(run += 1)}`;
        // the clock moves hours per run: a session from the first run would have expired
        consoleAuth = { authorization: `Bearer ${await t.services.sessions.createSession()}` };
        const { view: payment } = await t.services.payments.create('invoice', {
          currency: 'USDT',
          mainCurrency: 'TON',
          amount: formatAmount(AMOUNT, 'USDT'),
          externalId,
          expiresInSeconds: 600,
        });
        let creditedSum = 0n;
        await expectAgreement(payment, creditedSum, externalId);
        for (const step of steps) {
          const eventsBefore = (await t.services.payments.timeline(payment.id)).length;
          await apply(step, payment);
          if (step.op === 'credit') {
            creditedSum += step.amount;
            expect((await t.services.payments.timeline(payment.id)).length, 'a credit is announced').toBeGreaterThan(
              eventsBefore,
            );
          }
          await expectAgreement(payment, creditedSum, externalId);
        }
        for (const event of await t.services.payments.timeline(payment.id)) seen.add(event.type);
      }),
      { seed: 20261121, numRuns: 80 },
    );
    // the generator must have reached every corner of the state machine, or the agreement proves little
    expect([...seen].sort()).toEqual([
      'payment.cancelled',
      'payment.created',
      'payment.credited_after_close',
      'payment.expired',
      'payment.late',
      'payment.late_partially_paid',
      'payment.overpaid',
      'payment.paid',
      'payment.partially_paid',
    ]);
  });
});
