// Toncoin refunds on the emulated chain: a customer pays Toncoin, the merchant's own wallet (the
// sandbox holds its key) signs the refund's request and sends it, and the watcher alone decides from
// the store wallet's transactions that the refund was sent, or, when the Toncoin comes back bounced
// with the memo, that it failed. Every transfer is a real emulated transaction.
import { randomBytes } from 'node:crypto';
import { Address, Cell, comment, external, internal, SendMode } from '@ton/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicRefund } from '../../contract/refunds';
import type { WalletTransferRequest } from '../../contract/wallet-connect';
import { startTestServer, untilWatching, type TestServer } from '../helpers/test-server';

describe("Toncoin refunds, sent from the merchant's own wallet", () => {
  let s: TestServer;
  let owner: Record<string, string>;

  beforeAll(async () => {
    s = await startTestServer();
    await untilWatching(s);
    owner = { authorization: `Bearer ${await s.services.sessions.createSession()}` };
  });
  afterAll(async () => {
    await s.dispose();
  });

  const sandbox = () => s.chain.sandbox!;
  /** A Toncoin invoice paid by the sandbox's payer with a real transfer, read by the watcher. */
  const paidToncoin = async (amount: string, nanotons: bigint) => {
    const { payment } = await s.services.payments.create('invoice', { currency: 'TON', mainCurrency: 'TON', amount });
    await sandbox().payToncoin({ amount: nanotons, comment: payment.memo });
    await s.watcher.pollNow();
    expect(await s.services.payments.view(payment.id)).toMatchObject({ status: 'paid', currency: 'TON' });
    return payment;
  };
  const walletRequest = async (refund: PublicRefund): Promise<WalletTransferRequest> => {
    const res = await s.app.inject({
      method: 'POST',
      url: `/console/api/payments/${refund.paymentId}/refunds/${refund.id}/wallet-request`,
      headers: owner,
      payload: { from: sandbox().merchantAddress.toRawString(), network: '-3' },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as WalletTransferRequest;
  };
  /** The merchant's wallet signs these messages with its key and sends them; then the watcher reads the chain once. */
  const merchantSends = async (messages: ReturnType<typeof internal>[]) => {
    const { contract, keys } = sandbox().wallets().merchant;
    const seqno = (await sandbox().source().runGetMethod(contract.address, 'seqno')).readNumber();
    const body = contract.createTransfer({
      seqno,
      secretKey: keys.secretKey,
      sendMode: SendMode.PAY_GAS_SEPARATELY | SendMode.IGNORE_ERRORS,
      timeout: Math.floor(s.clock.now() / 1000) + 300,
      messages,
    });
    await sandbox().sendExternal(external({ to: contract.address, body }));
    await s.watcher.pollNow();
  };
  const refundEvents = async (paymentId: string) =>
    (await s.services.payments.timeline(paymentId)).map((e) => e.type).filter((t) => t.startsWith('refund.'));

  it('is sent once when the store wallet sends the requested transfer, and the payment shows it refunded', async () => {
    const payment = await paidToncoin('2.5', 2_500_000_000n);
    const refund = await s.services.refunds.create(payment.id, { amount: '1.2' }, 'owner');
    expect(refund).toMatchObject({ asset: 'TON', amountBaseUnits: '1200000000' });
    const req = await walletRequest(refund);
    await merchantSends(
      req.messages.map((m) => internal({ to: m.address, value: BigInt(m.amount), body: Cell.fromBase64(m.payload!) })),
    );
    const after = await s.services.refunds.view(refund.id);
    expect(after).toMatchObject({ status: 'sent', asset: 'TON' });
    expect(after.txHash).toMatch(/^[0-9a-f]{64}$/);
    // the payer's wallet got the nanotons with the memo
    expect(await s.services.payments.view(payment.id)).toMatchObject({ refundedAmount: '1.20' });
    await s.watcher.pollNow();
    expect(await refundEvents(payment.id)).toEqual(['refund.created', 'refund.sent']);
  });

  it('fails when the Toncoin comes back bounced with the memo, and what was paid can be refunded again', async () => {
    const payment = await paidToncoin('1', 1_000_000_000n);
    // a wallet that does not exist yet: a bounceable transfer to it comes back
    const nowhere = new Address(0, randomBytes(32));
    const refund = await s.services.refunds.create(
      payment.id,
      { amount: '0.6', destination: nowhere.toString({ testOnly: true }) },
      'owner',
    );
    await merchantSends([internal({ to: nowhere, value: 600_000_000n, bounce: true, body: comment(refund.memo) })]);
    // the send and its bounce are two transactions of the store wallet; one poll may see only the first
    await s.watcher.pollNow();
    expect(await s.services.refunds.view(refund.id)).toMatchObject({ status: 'failed', asset: 'TON' });
    expect(await s.services.payments.view(payment.id)).toMatchObject({ refundedAmount: '0.00' });
    expect(await refundEvents(payment.id)).toEqual(['refund.created', 'refund.sent', 'refund.failed']);
    expect(await s.services.refunds.create(payment.id, {}, 'owner')).toMatchObject({ amountBaseUnits: '1000000000' });
  });
});
