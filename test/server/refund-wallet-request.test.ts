import { Address, external, internal, SendMode, Cell } from '@ton/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicRefund } from '../../contract/refunds';
import type { WalletTransferRequest } from '../../contract/wallet-connect';
import { JettonOp } from '../../server/chain/jetton-ops';
import { decodeJettonTransfer } from '../e2e/checkout-wallet-injected';
import { startTestServer, untilWatching, type TestServer } from '../helpers/test-server';

/**
 * POST /console/api/payments/:id/refunds/:refundId/wallet-request: the refund's transfer as a complete
 * TON Connect request for the store's own wallet, on the whole service over the sandbox chain.
 */
describe("a waiting refund's wallet request (Send with my wallet)", () => {
  let s: TestServer;
  let owner: Record<string, string>;
  let cashier: Record<string, string>;

  beforeAll(async () => {
    s = await startTestServer();
    await s.app.runtime!.ready();
    owner = { authorization: `Bearer ${await s.services.sessions.createSession()}` };
    await s.services.cashiers.create('Ana', 'counter one, morning shift', 'owner');
    cashier = { authorization: `Bearer ${await s.services.cashiers.signIn('Ana', 'counter one, morning shift')}` };
  });
  afterAll(async () => {
    await s.dispose();
  });

  const sandbox = () => s.chain.sandbox!;
  const merchantRaw = () => sandbox().merchantAddress.toRawString();
  /** A paid payment of `paid` USDT and a refund of `amount` from it, awaiting the wallet. */
  const waitingRefund = async (paid = '5.00', amount = '1.75'): Promise<PublicRefund> => {
    const { payment } = await s.services.payments.create('invoice', {
      currency: 'USDT',
      mainCurrency: 'TON',
      amount: paid,
    });
    await s.simulator!.pay({ paymentId: payment.id });
    return s.services.refunds.create(payment.id, { amount }, 'owner');
  };
  const ask = (refund: Pick<PublicRefund, 'id' | 'paymentId'>, body: object, headers = owner) =>
    s.app.inject({
      method: 'POST',
      url: `/console/api/payments/${refund.paymentId}/refunds/${refund.id}/wallet-request`,
      headers,
      payload: body,
    });

  it("asks the store's wallet for the refund's jetton transfer, field by field", async () => {
    const refund = await waitingRefund('5.00', '1.75');
    const res = await ask(refund, { from: merchantRaw(), network: '-3' });
    expect(res.statusCode, res.body).toBe(200);
    const req = res.json() as WalletTransferRequest;
    expect(Object.keys(req).sort()).toEqual(['from', 'messages', 'network', 'validUntil']);
    expect(req.network).toBe('-3');
    expect(req.from).toBe(merchantRaw());
    expect(req.validUntil).toBe(Math.floor(s.clock.now() / 1000) + 300);
    expect(req.messages).toHaveLength(1);
    const [message] = req.messages;
    const target = Address.parseFriendly(message!.address);
    expect(target.isBounceable).toBe(true);
    expect(target.isTestOnly).toBe(true);
    // the store's own USDT jetton wallet: the one account the watcher reads
    expect(target.address.equals(s.chain.watchedAccount)).toBe(true);
    expect(target.address.equals(sandbox().merchantJettonWallet)).toBe(true);
    expect(message!.amount).toBe('50000000');
    const transfer = decodeJettonTransfer(message!.payload!);
    expect(transfer.op).toBe(JettonOp.transfer);
    expect(transfer.amount).toBe(1_750_000n);
    expect(transfer.destination!.equals(Address.parse(refund.destination))).toBe(true);
    expect(transfer.responseDestination!.equals(sandbox().merchantAddress)).toBe(true);
    expect(transfer.forwardTonAmount).toBe(1n);
    expect(transfer.comment).toBe(refund.memo);
  });

  it('takes the wallet in user-friendly form too, and answers with it raw', async () => {
    const refund = await waitingRefund();
    const friendly = sandbox().merchantAddress.toString({ bounceable: false, testOnly: true });
    const res = await ask(refund, { from: friendly, network: '-3' });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as WalletTransferRequest).from).toBe(merchantRaw());
  });

  /** What the merchant's wallet does with it: signs with the merchant's key and sends on the emulated chain. */
  const signAndSend = async (req: WalletTransferRequest) => {
    const { contract, keys } = sandbox().wallets().merchant;
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
    await untilWatching(s);
    await s.watcher.pollNow();
  };

  it('is the refund once the wallet signs and sends it: sent exactly once, then asks for nothing more (409)', async () => {
    const refund = await waitingRefund('4.00', '4.00');
    const res = await ask(refund, { from: merchantRaw(), network: '-3' });
    await signAndSend(res.json() as WalletTransferRequest);
    const [after] = await s.services.refunds.list(refund.paymentId);
    expect(after).toMatchObject({ id: refund.id, status: 'sent' });
    expect(after!.txHash).not.toBeNull();
    const timeline = (await s.services.payments.timeline(refund.paymentId)).map((e) => e.type);
    expect(timeline.filter((t) => t === 'refund.sent')).toHaveLength(1);
    expect(await s.services.payments.view(refund.paymentId)).toMatchObject({ refundedAmount: '4.00' });

    const again = await ask(refund, { from: merchantRaw(), network: '-3' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      error: { code: 'INVALID_STATE_TRANSITION', message: expect.stringMatching(/refund is sent/) },
    });
  });

  it('refuses a cancelled refund with 409', async () => {
    const refund = await waitingRefund();
    await s.services.refunds.cancel(refund.paymentId, refund.id, 'owner');
    const res = await ask(refund, { from: merchantRaw(), network: '-3' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: { message: expect.stringMatching(/refund is cancelled/) } });
  });

  it("refuses a wallet other than the store's with a 409 naming the wallet to connect", async () => {
    const refund = await waitingRefund();
    const res = await ask(refund, { from: sandbox().payerAddress.toRawString(), network: '-3' });
    expect(res.statusCode).toBe(409);
    const merchant = s.app.runtime!.info.merchantAddress;
    expect(merchant).toMatch(/^0Q/);
    expect(res.json()).toMatchObject({
      error: { field: 'from', message: `Connect the store's wallet ${merchant}: refunds leave from it` },
    });
  });

  it('refuses a wallet on the other network, naming network, and a from that is no address, naming from', async () => {
    const refund = await waitingRefund();
    const mainnet = await ask(refund, { from: merchantRaw(), network: '-239' });
    expect(mainnet.statusCode).toBe(400);
    expect(mainnet.json()).toEqual({
      error: {
        code: 'VALIDATION_ERROR',
        field: 'network',
        message: 'This wallet is on mainnet; this store takes payments on testnet',
      },
    });
    const bad = await ask(refund, { from: 'not-an-address', network: '-3' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR', field: 'from' } });
    const odd = await ask(refund, { from: merchantRaw(), network: '1' });
    expect(odd.statusCode).toBe(400);
    expect(odd.json()).toMatchObject({ error: { field: 'network' } });
  });

  it('answers 404 for a refund of another payment, and 403 to a cashier', async () => {
    const refund = await waitingRefund();
    const other = await waitingRefund();
    const res = await ask({ id: refund.id, paymentId: other.paymentId }, { from: merchantRaw(), network: '-3' });
    expect(res.statusCode).toBe(404);
    expect((await ask(refund, { from: merchantRaw(), network: '-3' }, cashier)).statusCode).toBe(403);
  });
});
