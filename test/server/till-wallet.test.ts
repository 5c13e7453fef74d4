import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TillWalletSession } from '../../contract/till-wallet';
import { resolveJettonWallet } from '../../server/chain/jetton-wallet-check';
import { startTestServer, untilWatching, type TestServer } from '../helpers/test-server';
import { quietSdk, tillWalletHarness } from './till-wallet-harness';

/**
 * "Pay with wallet" at the till (issue 30): the service holds the app's side of the TON Connect session,
 * over HTTP on the sandbox chain. The wallet is the sandbox wallet, driven through its own page's forms.
 */
describe('the till pays through a TON Connect session the service holds', () => {
  let s: TestServer;
  let owner: string;
  /** every address the process fetched (the SDK runs in it): only the service itself, or data: */
  const fetched: string[] = [];

  const { call, untilState, newPayment, answerConnection, pendingRequest, answerRequest } = tillWalletHarness(
    () => s,
    () => owner,
  );

  beforeAll(async () => {
    quietSdk();
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      fetched.push(input instanceof Request ? input.url : String(input));
      return realFetch(input, init);
    });
    s = await startTestServer();
    await untilWatching(s);
    owner = await s.services.sessions.createSession();
  });
  afterAll(async () => {
    await s?.dispose();
  });

  it('links to the sandbox wallet, asks the connected payer for exactly what is due, and the watcher credits it once', async () => {
    const payment = await newPayment('12.34');
    const started = await call('POST', `/payments/${payment.id}/wallet-session`);
    expect(started.statusCode, started.body).toBe(200);
    const { link, state } = started.json() as TillWalletSession;
    expect(state).toBe('waiting_for_wallet');
    expect(link.startsWith(`${s.url}/sandbox-wallet?v=2&id=`)).toBe(true);
    // asked again (the till reopened), the same session answers
    expect(((await call('POST', `/payments/${payment.id}/wallet-session`)).json() as TillWalletSession).link).toBe(
      link,
    );

    const sessionUrl = await answerConnection(link, 'approve');
    const sandbox = s.chain.sandbox!;
    const payer = sandbox.payerAddress;
    const asked = await untilState(payment.id, 'awaiting_approval');
    expect(asked.wallet).toEqual({
      name: 'Sandbox wallet',
      address: payer.toString({ bounceable: false, testOnly: true }),
    });
    const stored = await s.services.settings.get(`tonconnect.till.${payment.id}.ton-connect-storage_bridge-connection`);
    expect(typeof stored).toBe('string');

    // the wallet decodes the request: a jetton transfer through the payer's own jetton wallet
    const { html, action } = await pendingRequest(sessionUrl);
    const { wallet: payerJettonWallet } = await resolveJettonWallet(sandbox.source(), sandbox.jettonMaster, payer);
    expect(html).toContain('12.34 USDT');
    expect(html).toContain(payment.memo);
    expect(html).toContain(sandbox.merchantAddress.toString({ testOnly: true }));
    expect(html).toContain(payerJettonWallet.toString({ testOnly: true }));
    expect((await answerRequest(action, 'approve')).status).toBe(303);

    await untilState(payment.id, 'approved');
    await s.watcher.pollNow();
    const paid = (await call('GET', `/payments/${payment.id}`)).json() as {
      payment: { status: string; paidAmount: string };
      events: { type: string }[];
    };
    expect(paid.payment).toMatchObject({ status: 'paid', paidAmount: '12.34' });
    expect(paid.events.filter((e) => e.type === 'payment.paid')).toHaveLength(1);

    const ended = await call('DELETE', `/payments/${payment.id}/wallet-session`);
    expect(ended.statusCode).toBe(204);
    expect((await call('GET', `/payments/${payment.id}/wallet-session`)).statusCode).toBe(404);
    // the session's rows leave the settings table
    expect(
      await s.services.settings.get(`tonconnect.till.${payment.id}.ton-connect-storage_bridge-connection`),
    ).toBeUndefined();
    // a paid payment asks for nothing more
    const again = await call('POST', `/payments/${payment.id}/wallet-session`);
    expect(again.statusCode).toBe(409);
  });

  it('says refused when the transfer is rejected in the wallet, and the till can start again', async () => {
    const payment = await newPayment('3.50');
    const first = (await call('POST', `/payments/${payment.id}/wallet-session`)).json() as TillWalletSession;
    const sessionUrl = await answerConnection(first.link, 'approve');
    const { action } = await pendingRequest(sessionUrl);
    expect((await answerRequest(action, 'reject')).status).toBe(303);
    expect((await untilState(payment.id, 'refused')).wallet?.name).toBe('Sandbox wallet');

    const second = (await call('POST', `/payments/${payment.id}/wallet-session`)).json() as TillWalletSession;
    expect(second.state).toBe('waiting_for_wallet');
    expect(second.link).not.toBe(first.link);
    expect((await call('GET', `/payments/${payment.id}`)).json()).toMatchObject({ payment: { status: 'pending' } });
    await call('DELETE', `/payments/${payment.id}/wallet-session`);
  });

  it('says refused when the connection is declined in the wallet', async () => {
    const payment = await newPayment('1.00');
    const { link } = (await call('POST', `/payments/${payment.id}/wallet-session`)).json() as TillWalletSession;
    await answerConnection(link, 'decline');
    expect((await untilState(payment.id, 'refused')).wallet).toBeNull();
    await call('DELETE', `/payments/${payment.id}/wallet-session`);
  });

  it('is there for a cashier as for the owner; an unknown payment is a 404, and no session a 404', async () => {
    const { loginToken } = await s.services.cashiers.create('Ana', null, 'owner');
    const cashier = (await s.services.sessions.redeemLoginToken(loginToken))!;
    const payment = await newPayment('2.00');
    const started = await call('POST', `/payments/${payment.id}/wallet-session`, undefined, cashier);
    expect(started.statusCode, started.body).toBe(200);
    expect((await call('DELETE', `/payments/${payment.id}/wallet-session`, undefined, cashier)).statusCode).toBe(204);
    expect((await call('GET', `/payments/${payment.id}/wallet-session`)).statusCode).toBe(404);
    const unknown = await call('POST', '/payments/pay_0000000000000000000000/wallet-session');
    expect(unknown.statusCode).toBe(404);
    const noSession = await call('GET', `/payments/pay_0000000000000000000000/wallet-session`);
    expect(noSession.statusCode).toBe(404);
  });
  it('reaches no host but the service itself: the wallets list is handed to the SDK, not fetched', () => {
    const elsewhere = fetched.filter((url) => !url.startsWith(`${s.url}/`) && !url.startsWith('data:'));
    expect(elsewhere).toEqual([]);
  });
});
