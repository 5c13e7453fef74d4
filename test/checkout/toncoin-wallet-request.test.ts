import { Address, Cell, external, internal, SendMode } from '@ton/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WalletTransferRequest } from '../../contract/wallet-connect';
import { startTestServer, type TestServer } from '../helpers/test-server';

/** A Toncoin transfer's body, field by field: op 0 (a text comment), then the text. */
function decodeComment(payloadBase64: string) {
  const s = Cell.fromBase64(payloadBase64).beginParse();
  const op = s.loadUint(32);
  const comment = s.loadStringTail();
  return { op, comment, bitsLeft: s.remainingBits, refsLeft: s.remainingRefs };
}

/**
 * POST /pay/:id/wallet-request for a payment in Toncoin, on the whole service over the sandbox
 * chain: one plain message to the store's own wallet, the nanotons due, the memo as the comment.
 */
describe('the wallet transfer request of a Toncoin payment', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.dispose();
  });

  const sandbox = () => server.chain.sandbox!;
  const payerRaw = () => sandbox().payerAddress.toRawString();
  const create = async (amount: string) =>
    (await server.services.payments.create('invoice', { currency: 'TON', mainCurrency: 'TON', amount })).payment;
  const request = async (paymentId: string): Promise<WalletTransferRequest> => {
    const res = await fetch(`${server.url}/pay/${paymentId}/wallet-request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ payer: payerRaw(), network: '-3' }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as WalletTransferRequest;
  };

  it("asks for one plain transfer of the nanotons due to the store's own wallet, the memo as its comment", async () => {
    const payment = await create('1.50');
    const req = await request(payment.id);
    expect(req.network).toBe('-3');
    expect(req.from).toBe(payerRaw());
    expect(req.validUntil).toBe(Math.floor(server.clock.now() / 1000) + 300);
    expect(req.messages).toHaveLength(1);
    const [message] = req.messages;
    const target = Address.parseFriendly(message!.address);
    expect(target.address.equals(sandbox().merchantAddress)).toBe(true);
    expect(target.address.equals(Address.parse(payment.address))).toBe(true);
    expect(target.isBounceable).toBe(false);
    expect(target.isTestOnly).toBe(true);
    expect(message!.amount).toBe('1500000000');
    expect(decodeComment(message!.payload!)).toEqual({ op: 0, comment: payment.memo, bitsLeft: 0, refsLeft: 0 });
  });

  it('refuses a cancelled Toncoin payment with 409, as for USDT', async () => {
    const payment = await create('0.20');
    await server.services.payments.cancel(payment.id);
    const res = await fetch(`${server.url}/pay/${payment.id}/wallet-request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ payer: payerRaw(), network: '-3' }),
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: { code: 'INVALID_STATE_TRANSITION' } });
  });

  it('is paid by the wallet that signs it, and credited exactly once', async () => {
    const payment = await create('2.25');
    const req = await request(payment.id);
    const { contract, keys } = sandbox().wallets().payer;
    const seqno = (await sandbox().source().runGetMethod(contract.address, 'seqno')).readNumber();
    const body = contract.createTransfer({
      seqno,
      secretKey: keys.secretKey,
      sendMode: SendMode.PAY_GAS_SEPARATELY | SendMode.IGNORE_ERRORS,
      timeout: req.validUntil,
      messages: req.messages.map((m) =>
        internal({ to: m.address, value: BigInt(m.amount), body: Cell.fromBase64(m.payload!) }),
      ),
    });
    await sandbox().sendExternal(external({ to: contract.address, body }));
    await server.watcher.pollNow();
    await server.watcher.pollNow();
    expect(await server.services.payments.view(payment.id)).toMatchObject({
      status: 'paid',
      currency: 'TON',
      paidAmount: '2.25',
      dueAmount: '0.00',
    });
    const credits = await server.services.ledger.creditedTo(payment.id);
    expect(credits).toHaveLength(1);
    expect(credits[0]).toMatchObject({ amount: 2_250_000_000n, comment: payment.memo });
  });
});
