// The ledger across assets: a transfer is credited only to a payment in its own asset. A memo is a
// payment's name whatever arrives, so a USDT transfer naming a Toncoin payment (or the reverse) must
// never count micro-USDT as nanotons: it waits in the inbox, and attaching it there is refused.
import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AssetCode } from '../../contract/asset';
import type { InboundTransfer } from '../../server/chain/types';
import type { StoredEvent } from '../../server/storage/records';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let lt = 1n;
const invoice = async (currency: AssetCode, amount: string) =>
  (await t.services.payments.create('invoice', { currency, mainCurrency: 'TON', amount })).payment;
const arrive = async (asset: AssetCode, amount: bigint, comment: string): Promise<InboundTransfer> => {
  const transfer: InboundTransfer = {
    asset,
    txHash: randomBytes(32).toString('hex'),
    lt: lt++,
    utime: Math.floor(t.clock.now() / 1000),
    amount,
    from: 'EQD__________________________________________0vo',
    comment,
  };
  await t.services.ledger.creditBatch(`watched-${asset}`, [transfer], { lt: transfer.lt, hash: transfer.txHash });
  return transfer;
};

describe('the ledger keeps each asset to its own payments', () => {
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => t.close());

  it('credits a Toncoin transfer to a Toncoin payment in nanotons, and shows it in TON', async () => {
    const payment = await invoice('TON', '1.5');
    await arrive('TON', 1_500_000_000n, payment.memo);
    const view = await t.services.payments.view(payment.id);
    expect(view).toMatchObject({ status: 'paid', paidAmount: '1.50', currency: 'TON' });
    expect(view.transfers).toEqual([expect.objectContaining({ amount: '1.50' })]);
  });

  it('files a transfer naming a payment of the other asset as unmatched, and refuses to attach it there', async () => {
    const toncoin = await invoice('TON', '1.50');
    const usdt = await invoice('USDT', '1.50');
    const wrongForToncoin = await arrive('USDT', 1_500_000n, toncoin.memo);
    const wrongForUsdt = await arrive('TON', 1_500_000_000n, usdt.memo);
    for (const payment of [toncoin, usdt]) {
      expect(await t.services.payments.view(payment.id)).toMatchObject({ status: 'pending', paidAmount: '0.00' });
    }
    const unmatched = await t.services.ledger.listUnmatched();
    expect(unmatched.map((u) => [u.txHash, u.asset]).sort()).toEqual(
      [
        [wrongForToncoin.txHash, 'USDT'],
        [wrongForUsdt.txHash, 'TON'],
      ].sort(),
    );
    await expect(t.services.ledger.attach(wrongForToncoin.txHash, toncoin.id, 'mine')).rejects.toThrow(
      /the transfer is in USDT, payment .* is in TON/,
    );
    expect(await t.services.payments.get(toncoin.id)).toMatchObject({ status: 'pending' });
  });

  it('announces an unmatched transfer with its asset and its amount in that asset', async () => {
    const announced: StoredEvent[] = [];
    const stop = t.services.bus.onCommitted((event) => void announced.push(event));
    const { txHash } = await arrive('TON', 2_000_000_001n, 'no such memo');
    stop();
    expect(announced.map((e) => e.type)).toEqual(['transfer.unmatched']);
    expect(announced[0]?.data).toMatchObject({
      txHash,
      asset: 'TON',
      amount: '2.000000001',
      amountBaseUnits: '2000000001',
    });
  });
});
