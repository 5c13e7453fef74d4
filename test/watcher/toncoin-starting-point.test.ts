// Where the store wallet's reading starts the first time it is watched. The wallet has a history of
// its own (top-ups, its owner's sends) that is not ours to credit, but no Toncoin payment can be paid
// before it was created: reading starts just before the first one. Taking the newest transaction
// instead would skip a payment paid while the chain was opening, or before a restart that came before
// the first poll stored the starting point.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TransferLedger } from '../../server/payments/transfer-ledger';
import { startingPoints } from '../../server/watcher/payment-watcher';
import { startTestServer, untilWatching, type TestServer } from '../helpers/test-server';

/** A ledger that has never watched anything: startingPoints asks it only for cursors. */
const freshLedger = { cursor: async () => null } as unknown as TransferLedger;

describe("the store wallet's starting point, the first time it is watched", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    await untilWatching(server);
  });
  afterAll(async () => {
    await server.dispose();
  });

  const storeKey = () => server.chain.watchedAccounts.find((a) => a.asset === 'TON')!.address.toRawString();
  const storeTx = async (comment: string | undefined) => {
    const store = server.chain.sandbox!.merchantAddress;
    const txs = await server.chain.sandbox!.payToncoin({ amount: 2_000_000_000n, ...(comment ? { comment } : {}) });
    const onStore = txs.find((tx) => tx.address === BigInt(`0x${store.hash.toString('hex')}`))!;
    return { lt: onStore.lt, hash: onStore.hash().toString('hex') };
  };

  it('starts before the first Toncoin payment, so one paid before the first poll is read; with none yet, at the newest', async () => {
    const topUp = await storeTx(undefined); // the wallet's own history, from before the store took Toncoin
    server.clock.advance(3 * 3600_000);
    const firstPaymentAt = server.clock.now();
    const paid = await storeTx('TT-PAIDWHILEOPENING');

    const anchored = await startingPoints(server.chain, freshLedger, async () => firstPaymentAt);
    const start = anchored.get(storeKey());
    expect(start).toEqual(topUp);
    expect(start!.lt).toBeLessThan(paid.lt);

    const noPaymentYet = await startingPoints(server.chain, freshLedger, async () => null);
    expect(noPaymentYet.get(storeKey())).toEqual(paid);
  });
});
