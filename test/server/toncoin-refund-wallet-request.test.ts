// "Send with my wallet" on a Toncoin payment's refund: one message from the store's own wallet
// straight to the destination with the nanotons and the memo as a text comment (no jetton wallet),
// on the whole service over the sandbox chain.
import { randomBytes } from 'node:crypto';
import { Address, Cell } from '@ton/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicRefund } from '../../contract/refunds';
import type { WalletTransferRequest } from '../../contract/wallet-connect';
import type { InboundTransfer } from '../../server/chain/types';
import { startTestServer, type TestServer } from '../helpers/test-server';

/** the ledger's entry for what a watcher saw, on an account of this test's own (the running watcher keeps its own cursors) */
const FEED = 'toncoin-refund-wallet-request';

describe("a Toncoin refund's wallet request", () => {
  let s: TestServer;
  let owner: Record<string, string>;
  let lt = 1n;

  beforeAll(async () => {
    s = await startTestServer();
    await s.app.runtime!.ready();
    owner = { authorization: `Bearer ${await s.services.sessions.createSession()}` };
  });
  afterAll(async () => {
    await s.dispose();
  });

  const sandbox = () => s.chain.sandbox!;
  /** A Toncoin invoice paid in full by the sandbox's payer, and a refund of `amount` from it, awaiting the wallet. */
  const waitingRefund = async (paid: string, nanotons: bigint, amount: string): Promise<PublicRefund> => {
    const { payment } = await s.services.payments.create('invoice', {
      currency: 'TON',
      mainCurrency: 'TON',
      amount: paid,
    });
    const transfer: InboundTransfer = {
      asset: 'TON',
      txHash: randomBytes(32).toString('hex'),
      lt: lt++,
      utime: Math.floor(s.clock.now() / 1000),
      amount: nanotons,
      from: sandbox().payerAddress.toString({ bounceable: false, testOnly: true }),
      comment: payment.memo,
    };
    await s.services.ledger.creditBatch(FEED, [transfer], { lt: transfer.lt, hash: transfer.txHash });
    return s.services.refunds.create(payment.id, { amount }, 'owner');
  };

  it("asks the store's wallet for one plain transfer to the destination, field by field", async () => {
    const refund = await waitingRefund('3', 3_000_000_000n, '1.234567891');
    const res = await s.app.inject({
      method: 'POST',
      url: `/console/api/payments/${refund.paymentId}/refunds/${refund.id}/wallet-request`,
      headers: owner,
      payload: { from: sandbox().merchantAddress.toRawString(), network: '-3' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const req = res.json() as WalletTransferRequest;
    expect(Object.keys(req).sort()).toEqual(['from', 'messages', 'network', 'validUntil']);
    expect(req).toMatchObject({
      network: '-3',
      from: sandbox().merchantAddress.toRawString(),
      validUntil: Math.floor(s.clock.now() / 1000) + 300,
    });
    expect(req.messages).toHaveLength(1);
    const [message] = req.messages;
    expect(Object.keys(message!).sort()).toEqual(['address', 'amount', 'payload']);
    // straight to the customer's wallet, non-bounceable as wallets send to wallets; never the jetton wallet
    const target = Address.parseFriendly(message!.address);
    expect(target.address.equals(sandbox().payerAddress)).toBe(true);
    expect(target.address.equals(s.chain.watchedAccount)).toBe(false);
    expect(target.isBounceable).toBe(false);
    expect(target.isTestOnly).toBe(true);
    // the refund's nanotons as the value, the body a text comment: op 0, then the memo
    expect(message!.amount).toBe('1234567891');
    const body = Cell.fromBase64(message!.payload!).beginParse();
    expect(body.loadUint(32)).toBe(0);
    expect(body.loadStringTail()).toBe(refund.memo);
    expect(body.remainingBits).toBe(0);
  });
});
