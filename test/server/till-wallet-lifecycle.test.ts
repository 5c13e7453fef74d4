import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_LIFETIME_SECONDS } from '../../server/wallet-connect/jetton-transfer-request';
import { tempDir } from '../helpers/test-app';
import { TEST_ENGINE } from '../helpers/test-database';
import { startTestServer, untilWatching, type TestServer } from '../helpers/test-server';
import { quietSdk, tillWalletHarness } from './till-wallet-harness';

const CONNECTION_KEY = 'ton-connect-storage_bridge-connection';
const keyOf = (paymentId: string) => `tonconnect.till.${paymentId}.${CONNECTION_KEY}`;

/**
 * The till's wallet session when things do not go to plan (issue 30): a wallet that never answers,
 * a payment that expires with the session open, and a service restart in the middle. Time is the
 * service's injected clock, moved by hand.
 */
describe('a till wallet session that times out or expires', () => {
  let s: TestServer;
  let owner: string;
  const till = tillWalletHarness(
    () => s,
    () => owner,
  );

  beforeAll(async () => {
    quietSdk();
    s = await startTestServer();
    await untilWatching(s);
    owner = await s.services.sessions.createSession();
  });
  afterAll(async () => {
    await s?.dispose();
  });

  it('says timed_out once the request passes its validUntil unanswered, and the till starts again and pays', async () => {
    const payment = await till.newPayment('4.20');
    const first = await till.start(payment.id);
    await till.answerConnection(first.link, 'approve');
    await till.untilState(payment.id, 'awaiting_approval');
    // the wallet neither approves nor declines; a second short of validUntil it is still awaited
    s.clock.advance((REQUEST_LIFETIME_SECONDS - 1) * 1000);
    expect((await till.session(payment.id)).state).toBe('awaiting_approval');
    s.clock.advance(2_000);
    const timedOut = await till.session(payment.id);
    expect(timedOut).toMatchObject({ state: 'timed_out', reason: null });
    expect(timedOut.wallet?.name).toBe('Sandbox wallet');

    const second = await till.start(payment.id);
    expect(second.state).toBe('waiting_for_wallet');
    expect(second.link).not.toBe(first.link);
    const { action } = await till.pendingRequest(await till.answerConnection(second.link, 'approve'));
    expect((await till.answerRequest(action, 'approve')).status).toBe(303);
    await till.untilState(payment.id, 'approved');
    await s.watcher.pollNow();
    expect(await till.paymentStatus(payment.id)).toBe('paid');
    await till.call('DELETE', `/payments/${payment.id}/wallet-session`);
  });

  it('ends as expired when the payment expires with the wallet asked, and lets the wallet go', async () => {
    const payment = await till.newPayment('1.50', 120);
    const { link } = await till.start(payment.id);
    const walletSession = await till.answerConnection(link, 'approve');
    await till.untilState(payment.id, 'awaiting_approval');
    expect(typeof (await s.services.settings.get(keyOf(payment.id)))).toBe('string');

    s.clock.advance(121_000);
    await s.services.payments.expireDue(); // the service's expiry sweep
    expect(await till.session(payment.id)).toMatchObject({ state: 'expired', reason: null });
    await till.untilWalletDisconnected(walletSession);
    expect(await s.services.settings.get(keyOf(payment.id))).toBeUndefined();
    expect(await till.paymentStatus(payment.id)).toBe('expired');
    // nothing more can be paid: the till is not offered a new session
    expect((await till.call('POST', `/payments/${payment.id}/wallet-session`)).statusCode).toBe(409);
    expect((await till.call('DELETE', `/payments/${payment.id}/wallet-session`)).statusCode).toBe(204);
  });
});

describe.skipIf(TEST_ENGINE === 'postgres')('a till wallet session across a restart of the service', () => {
  // On PostgreSQL instances share the ledger: a starting instance leaves the keys alone, since another
  // instance may hold those sessions; a payment's leftovers go when its till starts a session again.
  const dir = tempDir();
  let s: TestServer;
  let owner: string;
  const till = tillWalletHarness(
    () => s,
    () => owner,
  );
  afterAll(async () => {
    await s?.close();
    dir.remove();
  });

  it('answers ended after a restart, deletes the keys the last run left, and the till starts again and pays', async () => {
    quietSdk();
    s = await startTestServer({ dataDir: dir.path });
    await untilWatching(s);
    owner = await s.services.sessions.createSession();
    const payment = await till.newPayment('6.00');
    const { link } = await till.start(payment.id);
    await till.answerConnection(link, 'approve');
    await till.untilState(payment.id, 'awaiting_approval');
    // what a run killed outright leaves: the keys of a session it never ended
    await s.services.settings.set(keyOf('pay_crashedrun000000000000'), '{"type":"http"}');
    const clock = s.clock;
    await s.close();

    s = await startTestServer({ dataDir: dir.path, clock });
    await untilWatching(s);
    expect(await till.session(payment.id)).toEqual({
      state: 'ended',
      link: '',
      wallet: null,
      reason: 'The service restarted, which ended the wallet session',
    });
    expect(await s.services.settings.get(keyOf(payment.id))).toBeUndefined();
    expect(await s.services.settings.get(keyOf('pay_crashedrun000000000000'))).toBeUndefined();

    const again = await till.start(payment.id);
    expect(again.state).toBe('waiting_for_wallet');
    const { action } = await till.pendingRequest(await till.answerConnection(again.link, 'approve'));
    expect((await till.answerRequest(action, 'approve')).status).toBe(303);
    await till.untilState(payment.id, 'approved');
    await s.watcher.pollNow();
    expect(await till.paymentStatus(payment.id)).toBe('paid');
    expect((await till.call('DELETE', `/payments/${payment.id}/wallet-session`)).statusCode).toBe(204);
    expect(await s.services.settings.get(keyOf(payment.id))).toBeUndefined();
  });
});

describe.skipIf(TEST_ENGINE !== 'postgres')(
  'a till wallet session across a restart, on a shared PostgreSQL ledger',
  () => {
    const dir = tempDir();
    let s: TestServer;
    let owner: string;
    const till = tillWalletHarness(
      () => s,
      () => owner,
    );
    afterAll(async () => {
      await s?.dispose();
      dir.remove();
    });

    it('does not pretend the session runs on, and a new start deletes what the cut one left', async () => {
      quietSdk();
      s = await startTestServer({ dataDir: dir.path });
      owner = await s.services.sessions.createSession();
      const payment = await till.newPayment('2.40');
      await till.start(payment.id);
      const leftover = `tonconnect.till.${payment.id}.left-by-a-killed-run`;
      await s.services.settings.set(leftover, 'x');
      const clock = s.clock;
      await s.close();

      // another instance may hold sessions in this ledger: the start deletes nothing, and this one has none
      s = await startTestServer({ dataDir: dir.path, clock });
      expect((await till.call('GET', `/payments/${payment.id}/wallet-session`)).statusCode).toBe(404);
      expect(await s.services.settings.get(leftover)).toBe('x');
      expect((await till.start(payment.id)).state).toBe('waiting_for_wallet');
      expect(await s.services.settings.get(leftover)).toBeUndefined();
      expect((await till.call('DELETE', `/payments/${payment.id}/wallet-session`)).statusCode).toBe(204);
    });
  },
);
