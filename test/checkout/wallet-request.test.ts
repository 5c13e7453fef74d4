import { Address, Cell, external, internal, SendMode } from '@ton/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WalletTransferRequest } from '../../contract/wallet-connect';
import { jettonWalletAddress } from '../../server/sandbox/jetton-contracts';
import { startTestServer, type TestServer } from '../helpers/test-server';

/** The jetton transfer the payload carries, field by field (TEP-74 `transfer`, forward_payload a comment). */
function decodeTransfer(payloadBase64: string) {
  const s = Cell.fromBase64(payloadBase64).beginParse();
  const op = s.loadUint(32);
  const queryId = s.loadUintBig(64);
  const amount = s.loadCoins();
  const destination = s.loadAddress();
  const responseDestination = s.loadAddress();
  const customPayload = s.loadMaybeRef();
  const forwardTonAmount = s.loadCoins();
  const forward = s.loadBit() ? s.loadRef().beginParse() : s;
  const commentOp = forward.loadUint(32);
  const comment = forward.loadStringTail();
  return { op, queryId, amount, destination, responseDestination, customPayload, forwardTonAmount, commentOp, comment };
}

/**
 * POST /pay/:id/wallet-request on the whole service over the sandbox chain: the payer's jetton wallet
 * comes from the chain (the master's get_wallet_address), the due amount from the ledger.
 */
describe('the wallet transfer request', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.dispose();
  });

  const sandbox = () => server.chain.sandbox!;
  const payerRaw = () => sandbox().payerAddress.toRawString();
  const create = async (amount = '10.00', expiresInSeconds?: number) =>
    (
      await server.services.payments.create('invoice', {
        currency: 'USDT',
        mainCurrency: 'TON',
        amount,
        ...(expiresInSeconds ? { expiresInSeconds } : {}),
      })
    ).payment;
  const ask = (paymentId: string, body: Record<string, unknown>) =>
    fetch(`${server.url}/pay/${paymentId}/wallet-request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const request = async (paymentId: string, payer = payerRaw()): Promise<WalletTransferRequest> => {
    const res = await ask(paymentId, { payer, network: '-3' });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as WalletTransferRequest;
  };

  it("asks the payer's own USDT jetton wallet for a transfer of what is due, the memo as the comment", async () => {
    const payment = await create('12.50');
    const req = await request(payment.id);
    expect(req.network).toBe('-3');
    expect(req.from).toBe(payerRaw());
    expect(req.validUntil).toBe(Math.floor(server.clock.now() / 1000) + 300);
    expect(req.messages).toHaveLength(1);
    const [message] = req.messages;
    const target = Address.parseFriendly(message!.address);
    expect(target.isBounceable).toBe(true);
    expect(target.isTestOnly).toBe(true);
    expect(target.address.equals(jettonWalletAddress(sandbox().payerAddress, sandbox().jettonMaster))).toBe(true);
    expect(message!.amount).toBe('50000000');
    const t = decodeTransfer(message!.payload!);
    expect(t).toMatchObject({
      op: 0x0f8a7ea5,
      amount: 12_500_000n,
      customPayload: null,
      forwardTonAmount: 1n,
      commentOp: 0,
      comment: payment.memo,
    });
    expect(t.destination!.equals(Address.parse(payment.address))).toBe(true);
    expect(t.destination!.equals(sandbox().merchantAddress)).toBe(true);
    expect(t.responseDestination!.equals(sandbox().payerAddress)).toBe(true);
  });

  it('takes the payer in user-friendly form too, and answers with it raw', async () => {
    const payment = await create();
    const req = await request(payment.id, sandbox().payerAddress.toString({ testOnly: true, bounceable: false }));
    expect(req.from).toBe(payerRaw());
  });

  it('asks a part-paid payment for the rest only', async () => {
    const payment = await create('10.00');
    await server.simulator!.pay({ paymentId: payment.id, amount: '4.00' });
    const req = await request(payment.id);
    expect(decodeTransfer(req.messages[0]!.payload!).amount).toBe(6_000_000n);
  });

  it('never lets the request outlive the payment', async () => {
    const payment = await create('10.00', 120);
    const req = await request(payment.id);
    expect(req.validUntil).toBe(Math.floor(payment.expiresAt / 1000));
    expect(req.validUntil).toBeLessThan(Math.floor(server.clock.now() / 1000) + 300);
  });

  it('refuses a wallet on the other network, saying which is which', async () => {
    const payment = await create();
    const res = await ask(payment.id, { payer: payerRaw(), network: '-239' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: {
        code: 'VALIDATION_ERROR',
        field: 'network',
        message: 'This wallet is on mainnet; this store takes payments on testnet',
      },
    });
  });

  it('names the field for a payer that is no address, and for a network that is no TON Connect id', async () => {
    const payment = await create();
    const bad = await ask(payment.id, { payer: 'not-an-address', network: '-3' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR', field: 'payer' } });
    const odd = await ask(payment.id, { payer: payerRaw(), network: '1' });
    expect(odd.status).toBe(400);
    expect(await odd.json()).toMatchObject({ error: { field: 'network' } });
  });

  it('answers 404 for an unknown payment', async () => {
    const res = await ask('pay_doesnotexist0000000000', { payer: payerRaw(), network: '-3' });
    expect(res.status).toBe(404);
  });

  /** What the customer's wallet does with the request: signs every message with the payer's key and sends it. */
  const signAndSend = async (req: WalletTransferRequest) => {
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
  };

  it('is paid by the wallet that signs it, and credited exactly once', async () => {
    const payment = await create('7.25');
    await signAndSend(await request(payment.id));
    const view = await server.services.payments.view(payment.id);
    expect(view).toMatchObject({ status: 'paid', paidAmount: '7.25', dueAmount: '0.00', overpaidAmount: '0.00' });
    const credits = await server.services.ledger.creditedTo(payment.id);
    expect(credits).toHaveLength(1);
    expect(credits[0]).toMatchObject({ amount: 7_250_000n, comment: payment.memo });
    expect(Address.parse(credits[0]!.from!).equals(sandbox().payerAddress)).toBe(true);
    const events = (await server.services.payments.timeline(payment.id)).map((e) => e.type);
    expect(events).toEqual(['payment.created', 'payment.paid']);
  });

  it('pays the rest of a part payment through the wallet, and no more', async () => {
    const payment = await create('10.00');
    await server.simulator!.pay({ paymentId: payment.id, amount: '2.50' });
    await signAndSend(await request(payment.id));
    expect(await server.services.payments.view(payment.id)).toMatchObject({
      status: 'paid',
      paidAmount: '10.00',
      overpaidAmount: '0.00',
    });
    expect(await server.services.ledger.creditedTo(payment.id)).toHaveLength(2);
  });

  it('refuses a paid, an expired and a cancelled payment with 409', async () => {
    const paid = await create('1.00');
    await server.simulator!.pay({ paymentId: paid.id });
    const paidRes = await ask(paid.id, { payer: payerRaw(), network: '-3' });
    expect(paidRes.status).toBe(409);
    expect(await paidRes.json()).toMatchObject({
      error: { code: 'INVALID_STATE_TRANSITION', message: 'payment is paid; there is nothing left to pay' },
    });

    const cancelled = await create('1.00');
    await server.services.payments.cancel(cancelled.id);
    expect((await ask(cancelled.id, { payer: payerRaw(), network: '-3' })).status).toBe(409);

    const expiring = await create('1.00', 60);
    server.clock.advance(61_000);
    const expiredRes = await ask(expiring.id, { payer: payerRaw(), network: '-3' });
    expect(expiredRes.status).toBe(409);
    expect(await expiredRes.json()).toMatchObject({ error: { code: 'INVALID_STATE_TRANSITION' } });
  });
});
