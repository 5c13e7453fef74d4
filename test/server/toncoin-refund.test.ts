// A refund goes back in the asset that was paid. A Toncoin payment's refund is read in nanotons (9
// decimals), its links are a plain ton:// transfer, and the watcher's Toncoin movements of the store
// wallet move it: a send with its memo, amount and destination sends it, the same send in USDT does
// not, and a bounce carrying the memo back fails it.
import { randomBytes } from 'node:crypto';
import { Address } from '@ton/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AssetCode } from '../../contract/asset';
import type { PublicRefund } from '../../contract/refunds';
import type { InboundTransfer, WalletMovement } from '../../server/chain/types';
import type { StoredEvent } from '../../server/storage/records';
import { createTestApp, TEST_CHAIN, type TestApp } from '../helpers/test-app';

const PAYER = new Address(0, Buffer.alloc(32, 3)).toString({ bounceable: false, testOnly: true });
/** the account whose transfers and movements the watcher reports: the store wallet, for Toncoin */
const STORE_WALLET = Address.parse(TEST_CHAIN.merchantAddress).toRawString();

let t: TestApp;
let lt = 1n;
const txHash = () => randomBytes(32).toString('hex');
const now = () => Math.floor(t.clock.now() / 1000);

/** A Toncoin invoice of `amount`, paid in full from PAYER. */
async function paidToncoin(amount: string, nanotons: bigint) {
  const { payment } = await t.services.payments.create('invoice', { currency: 'TON', mainCurrency: 'TON', amount });
  const transfer: InboundTransfer = {
    asset: 'TON',
    txHash: txHash(),
    lt: lt++,
    utime: now(),
    amount: nanotons,
    from: PAYER,
    comment: payment.memo,
  };
  await t.services.ledger.creditBatch(STORE_WALLET, [transfer], { lt: transfer.lt, hash: transfer.txHash });
  return payment;
}

/** What the watcher reports the store wallet did, through the ledger's one entry for it. */
async function walletDid(movement: Omit<WalletMovement, 'txHash' | 'lt' | 'utime' | 'initiator' | 'queryId'>) {
  const full: WalletMovement = { ...movement, txHash: txHash(), lt: lt++, utime: now(), initiator: null, queryId: 0n };
  await t.services.ledger.creditBatch(STORE_WALLET, [], { lt: full.lt, hash: full.txHash }, [full]);
  return full;
}

const sent = (refund: PublicRefund, asset: AssetCode, amount = BigInt(refund.amountBaseUnits)) =>
  walletDid({ asset, kind: 'sent', amount, counterparty: refund.destination, comment: refund.memo });

describe('a refund of a Toncoin payment', () => {
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => t.close());

  it('is in TON: nine decimals, what is left in nanotons, plain ton:// links', async () => {
    const payment = await paidToncoin('1.5', 1_500_000_000n);
    const refund = await t.services.refunds.create(payment.id, { amount: '0.123456789' }, 'owner');
    expect(refund).toMatchObject({
      asset: 'TON',
      amount: '0.123456789',
      amountBaseUnits: '123456789',
      destination: PAYER,
      status: 'awaiting_signature',
    });
    const query = `amount=123456789&text=${refund.memo}`;
    expect(refund.links).toEqual({
      ton: `ton://transfer/${PAYER}?${query}`,
      tonkeeper: `https://app.tonkeeper.com/transfer/${PAYER}?${query}`,
    });
    await expect(t.services.refunds.create(payment.id, { amount: '0.0000000001' }, 'owner')).rejects.toThrow(
      'at most 9 decimals',
    );
    await expect(t.services.refunds.create(payment.id, { amount: '1.4' }, 'owner')).rejects.toThrow(
      'at most 1.376543211 TON of this payment can still be refunded',
    );
    // without an amount: everything left, in nanotons
    const rest = await t.services.refunds.create(payment.id, {}, 'owner');
    expect(rest).toMatchObject({ asset: 'TON', amountBaseUnits: '1376543211' });
    await expect(t.services.refunds.create(payment.id, {}, 'owner')).rejects.toThrow(
      'everything paid (1.50 TON) is already refunded or awaiting a refund',
    );
  });

  it('turns sent on the store wallet sending its memo, amount and destination in Toncoin; never on the same in USDT', async () => {
    const payment = await paidToncoin('2', 2_000_000_000n);
    const refund = await t.services.refunds.create(payment.id, { amount: '0.5' }, 'owner');
    await sent(refund, 'USDT');
    await sent(refund, 'TON', 499_999_999n);
    expect((await t.services.refunds.view(refund.id)).status).toBe('awaiting_signature');
    const announced: StoredEvent[] = [];
    const stop = t.services.bus.onCommitted((event) => void announced.push(event));
    const movement = await sent(refund, 'TON');
    stop();
    expect(await t.services.refunds.view(refund.id)).toMatchObject({
      status: 'sent',
      asset: 'TON',
      txHash: movement.txHash,
    });
    expect((await t.services.payments.view(payment.id)).refundedAmount).toBe('0.50');
    expect(announced.map((e) => e.type)).toEqual(['refund.sent']);
    expect(announced[0]?.data).toMatchObject({
      refund: { asset: 'TON', amount: '0.50' },
      payment: { currency: 'TON' },
    });
  });

  it('turns failed when the Toncoin comes back bounced with its memo, less the fees, and frees the amount', async () => {
    const payment = await paidToncoin('1', 1_000_000_000n);
    const refund = await t.services.refunds.create(payment.id, { amount: '1' }, 'owner');
    await sent(refund, 'TON');
    // the bounce of another asset, or with another memo, is not this refund's
    await walletDid({ asset: 'USDT', kind: 'returned', amount: 999_000n, counterparty: PAYER, comment: refund.memo });
    await walletDid({ asset: 'TON', kind: 'returned', amount: 999_000_000n, counterparty: PAYER, comment: 'RF-OTHER' });
    expect((await t.services.refunds.view(refund.id)).status).toBe('sent');
    await walletDid({
      asset: 'TON',
      kind: 'returned',
      amount: 999_000_000n,
      counterparty: PAYER,
      comment: refund.memo,
    });
    expect((await t.services.refunds.view(refund.id)).status).toBe('failed');
    expect((await t.services.payments.view(payment.id)).refundedAmount).toBe('0.00');
    expect(await t.services.refunds.create(payment.id, {}, 'owner')).toMatchObject({ amountBaseUnits: '1000000000' });
  });

  it("lists the store wallet's Toncoin sends with their asset and the refund each sent", async () => {
    const payment = await paidToncoin('1', 1_000_000_000n);
    const refund = await t.services.refunds.create(payment.id, { amount: '0.25' }, 'owner');
    const movement = await sent(refund, 'TON');
    const [listed] = await t.services.refunds.outgoing(STORE_WALLET, 10);
    expect(listed).toMatchObject({
      txHash: movement.txHash,
      kind: 'sent',
      asset: 'TON',
      amount: '0.25',
      refund: { id: refund.id, status: 'sent' },
    });
  });
});
