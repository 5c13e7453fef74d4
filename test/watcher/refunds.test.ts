import { readFileSync } from 'node:fs';
import { Address } from '@ton/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReconciliationView } from '../../contract/chain';
import type { PublicPayment } from '../../contract/payments';
import type { AuditPage } from '../../contract/console-staff';
import type { OutgoingTransfer, PublicRefund, RefundEventData, SimulatedRefund } from '../../contract/refunds';
import { serviceFile } from '../../server/index';
import { verifySignature } from '../../server/webhooks/verify-signature';
import { ManualClock } from '../helpers/test-app';
import { startTestServer, untilWatching, type TestServer } from '../helpers/test-server';
import { Receiver, waitUntil } from '../webhooks/receiver';

/**
 * Refunds on the sandbox chain: the merchant's wallet (the one key the sandbox holds for it) sends
 * real emulated jetton transfers, and the watcher decides from them alone which refund was sent.
 */
describe("refunds, sent from the merchant's own wallet", () => {
  const clock = new ManualClock(Date.now());
  let server: TestServer;
  let receiver: Receiver;
  let secret: string;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer({ clock });
    // on PostgreSQL only the instance holding the watcher's lease credits: wait for it, as a till would
    await untilWatching(server);
    token = (JSON.parse(readFileSync(serviceFile(server.dataDir), 'utf8')) as { consoleToken: string }).consoleToken;
    receiver = await Receiver.start();
    ({ secret } = await server.services.webhooks.createEndpoint({
      url: receiver.url(),
      events: ['refund.created', 'refund.sent', 'refund.cancelled'],
    }));
  });
  afterAll(async () => {
    await server.dispose();
    await receiver.stop();
  });

  const api = async <T>(method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await server.app.inject({
      method,
      url,
      headers: { 'x-api-key': server.apiKey },
      ...(payload ? { payload } : {}),
    });
    return { status: res.statusCode, body: res.json() as T };
  };
  const consoleCall = async <T>(url: string, payload: object) => {
    const res = await server.app.inject({
      method: 'POST',
      url: `/console/api${url}`,
      headers: { authorization: `Bearer ${token}` },
      payload,
    });
    return { status: res.statusCode, body: res.json() as T };
  };
  const paidInvoice = async (amount: string, paid: string, callbackUrl?: string) => {
    const { payment } = await server.services.payments.create('invoice', {
      currency: 'USDT',
      mainCurrency: 'TON',
      amount,
      ...(callbackUrl ? { callbackUrl } : {}),
    });
    await server.simulator!.pay({ paymentId: payment.id, amount: paid });
    return payment.id;
  };
  const payer = () => server.chain.sandbox!.payerAddress;

  it("refunds an overpayment's excess: asked from the API, sent by the wallet, seen by the watcher, announced signed", async () => {
    const callback = await Receiver.start();
    const paymentId = await paidInvoice('5.00', '7.25', callback.url());
    const created = await api<PublicRefund>('POST', `/crypto/payment/${paymentId}/refunds`, {
      reason: 'paid too much',
    });
    expect(created.status).toBe(200);
    const refund = created.body;
    expect(refund).toMatchObject({
      paymentId,
      status: 'awaiting_signature',
      amount: '2.25',
      amountBaseUnits: '2250000',
      reason: 'paid too much',
      txHash: null,
      createdBy: 'api',
    });
    expect(payer().equals(Address.parse(refund.destination))).toBe(true);
    expect(refund.memo).toMatch(/^RF-[2-9A-HJKMNP-Z]{10}$/);
    expect(refund.links.ton).toBe(
      `ton://transfer/${refund.destination}?jetton=${server.chain.info.jettonMaster}&amount=2250000&text=${refund.memo}`,
    );

    const simulated = await consoleCall<SimulatedRefund>('/simulator/refund', { refundId: refund.id });
    expect(simulated.status).toBe(200);
    expect(simulated.body.refund).toMatchObject({ id: refund.id, status: 'sent' });
    expect(simulated.body.txHashes).toContain(simulated.body.refund.txHash);

    const payment = await api<PublicPayment>('GET', `/crypto/payment/${paymentId}`);
    expect(payment.body).toMatchObject({
      status: 'paid',
      paidAmount: '7.25',
      overpaidAmount: '2.25',
      refundedAmount: '2.25',
    });
    const listed = await api<{ items: PublicRefund[] }>('GET', `/crypto/payment/${paymentId}/refunds`);
    expect(listed.body.items).toEqual([simulated.body.refund]);

    await waitUntil(() => receiver.received.length >= 2, 'refund.created and refund.sent');
    expect(receiver.received.map((r) => r.event.type)).toEqual(['refund.created', 'refund.sent']);
    for (const delivery of receiver.received) {
      expect(
        verifySignature(delivery.raw, delivery.headers['tontill-signature'], secret, {
          nowSeconds: Math.floor(clock.now() / 1000),
        }).ok,
      ).toBe(true);
    }
    const sent = receiver.received[1]!.event.data as RefundEventData;
    expect(sent.refund).toEqual(simulated.body.refund);
    expect(sent.payment).toMatchObject({ id: paymentId, refundedAmount: '2.25' });
    // the payment's own callbackUrl hears its refunds too
    await waitUntil(
      () => callback.received.some((r) => r.event.type === 'refund.sent'),
      'refund.sent at the callbackUrl',
    );
    expect(callback.received.map((r) => r.event.type).filter((t) => t.startsWith('refund.'))).toEqual([
      'refund.created',
      'refund.sent',
    ]);
    await callback.stop();
  });

  it('does not take a send one unit short, or with another comment, for the refund; the books still balance', async () => {
    const paymentId = await paidInvoice('3.00', '3.00');
    const { body: refund } = await api<PublicRefund>('POST', `/crypto/payment/${paymentId}/refunds`, {});
    expect(refund.amount).toBe('3.00');
    for (const simulated of ['short', 'wrong-memo'] as const) {
      const { body } = await consoleCall<SimulatedRefund>('/simulator/refund', {
        refundId: refund.id,
        case: simulated,
      });
      expect(body.refund.status).toBe('awaiting_signature');
    }
    expect((await api<PublicPayment>('GET', `/crypto/payment/${paymentId}`)).body.refundedAmount).toBe('0.00');
    const books = await server.app.inject({
      method: 'GET',
      url: '/console/api/chain/reconciliation',
      headers: { authorization: `Bearer ${token}` },
    });
    expect((books.json() as ReconciliationView).difference).toBe('0.00');
  });

  it('fails a refund whose jettons come back bounced: refundedAmount shrinks back, refund.failed, the books still balance', async () => {
    const paymentId = await paidInvoice('4.00', '4.00');
    const { body: refund } = await api<PublicRefund>('POST', `/crypto/payment/${paymentId}/refunds`, {
      amount: '1.25',
    });
    const { body } = await consoleCall<SimulatedRefund>('/simulator/refund', { refundId: refund.id, case: 'bounce' });
    expect(body.refund).toMatchObject({ id: refund.id, status: 'failed', txHash: expect.any(String) });
    expect((await api<PublicPayment>('GET', `/crypto/payment/${paymentId}`)).body).toMatchObject({
      status: 'paid',
      refundedAmount: '0.00',
    });
    const events = (await server.services.payments.timeline(paymentId)).map((e) => e.type);
    expect(events.filter((t) => t.startsWith('refund.'))).toEqual(['refund.created', 'refund.sent', 'refund.failed']);
    const books = await server.app.inject({
      method: 'GET',
      url: '/console/api/chain/reconciliation',
      headers: { authorization: `Bearer ${token}` },
    });
    expect((books.json() as ReconciliationView).difference).toBe('0.00');
    // what bounced can be refunded again
    expect((await api<PublicRefund>('POST', `/crypto/payment/${paymentId}/refunds`, {})).body.amount).toBe('4.00');
  });

  it('never refunds more than was paid, however many requests race', async () => {
    const paymentId = await paidInvoice('5.00', '5.00');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        api<PublicRefund | { error: { code: string; field: string } }>('POST', `/crypto/payment/${paymentId}/refunds`, {
          amount: '1.50',
        }),
      ),
    );
    const accepted = answers.filter((a) => a.status === 200);
    expect(accepted).toHaveLength(3);
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ error: { code: 'VALIDATION_ERROR', field: 'amount' } });
    }
    const { body } = await api<{ items: PublicRefund[] }>('GET', `/crypto/payment/${paymentId}/refunds`);
    expect(body.items.map((r) => r.amount)).toEqual(['1.50', '1.50', '1.50']);
    const rest = await api<PublicRefund>('POST', `/crypto/payment/${paymentId}/refunds`, {});
    expect(rest.body.amount).toBe('0.50');
    const none = await api<{ error: { code: string; field: string } }>(
      'POST',
      `/crypto/payment/${paymentId}/refunds`,
      {},
    );
    expect(none).toMatchObject({ status: 409, body: { error: { code: 'INVALID_STATE_TRANSITION', field: 'amount' } } });
  });

  it('cancels a refund not sent yet, which frees its amount; a cancelled one cannot be cancelled again', async () => {
    const paymentId = await paidInvoice('2.00', '2.00');
    const { body: refund } = await api<PublicRefund>('POST', `/crypto/payment/${paymentId}/refunds`, {});
    const cancelled = await api<PublicRefund>('POST', `/crypto/payment/${paymentId}/refunds/${refund.id}/cancel`, {});
    expect(cancelled).toMatchObject({ status: 200, body: { id: refund.id, status: 'cancelled' } });
    const again = await api<{ error: { code: string } }>(
      'POST',
      `/crypto/payment/${paymentId}/refunds/${refund.id}/cancel`,
      {},
    );
    expect(again).toMatchObject({ status: 409, body: { error: { code: 'INVALID_STATE_TRANSITION' } } });
    expect((await api<PublicRefund>('POST', `/crypto/payment/${paymentId}/refunds`, {})).body.amount).toBe('2.00');
  });

  const consoleGet = async <T>(url: string) =>
    (
      await server.app.inject({
        method: 'GET',
        url: `/console/api${url}`,
        headers: { authorization: `Bearer ${token}` },
      })
    ).json() as T;
  const refundEvents = async (paymentId: string) =>
    (await server.services.payments.timeline(paymentId)).filter((e) => e.type.startsWith('refund.'));

  it('turns a refund the wallet sent after it was cancelled (its QR was open) sent: counted, announced, audited, never refunded twice', async () => {
    const paymentId = await paidInvoice('2.00', '2.00');
    const { body: refund } = await api<PublicRefund>('POST', `/crypto/payment/${paymentId}/refunds`, {});
    await api<PublicRefund>('POST', `/crypto/payment/${paymentId}/refunds/${refund.id}/cancel`, {});
    // the wallet that scanned the QR code knows nothing of the cancel: it sends exactly what the code said
    const { body } = await consoleCall<SimulatedRefund>('/simulator/refund', { refundId: refund.id });
    expect(body.refund).toMatchObject({ id: refund.id, status: 'sent', txHash: expect.any(String) });
    expect((await api<PublicPayment>('GET', `/crypto/payment/${paymentId}`)).body.refundedAmount).toBe('2.00');
    const events = await refundEvents(paymentId);
    expect(events.map((e) => e.type)).toEqual(['refund.created', 'refund.cancelled', 'refund.sent']);
    expect(events[2]!.data).toMatchObject({
      refund: { status: 'sent' },
      payment: { refundedAmount: '2.00' },
      sentAfterCancel: true,
    });
    const { items: audit } = await consoleGet<AuditPage>('/audit');
    expect(audit[0]).toMatchObject({
      actor: 'wallet',
      action: 'refund.sent_after_cancel',
      target: paymentId,
      detail: { refundId: refund.id, amount: '2.00', txHash: body.refund.txHash },
    });
    const { items: outgoing } = await consoleGet<{ items: OutgoingTransfer[] }>('/chain/outgoing');
    expect(outgoing.find((o) => o.txHash === body.refund.txHash)?.refund).toEqual({
      id: refund.id,
      paymentId,
      status: 'sent',
    });
    const twice = await api<{ error: { code: string; field: string } }>(
      'POST',
      `/crypto/payment/${paymentId}/refunds`,
      {},
    );
    expect(twice).toMatchObject({
      status: 409,
      body: { error: { code: 'INVALID_STATE_TRANSITION', field: 'amount' } },
    });
  });

  it('keeps a refund asked for between the cancel and the late send, shows the excess if it is sent too, and accepts nothing new', async () => {
    const paymentId = await paidInvoice('3.00', '3.00');
    const { body: first } = await api<PublicRefund>('POST', `/crypto/payment/${paymentId}/refunds`, {});
    await api<PublicRefund>('POST', `/crypto/payment/${paymentId}/refunds/${first.id}/cancel`, {});
    const { body: second } = await api<PublicRefund>('POST', `/crypto/payment/${paymentId}/refunds`, {
      amount: '2.00',
    });
    expect(second.status).toBe('awaiting_signature');
    expect((await consoleCall<SimulatedRefund>('/simulator/refund', { refundId: first.id })).body.refund.status).toBe(
      'sent',
    );
    // 3.00 sent and 2.00 awaiting: 2.00 more than was paid is promised, and the audit entry says so
    expect((await consoleGet<AuditPage>('/audit')).items[0]).toMatchObject({
      action: 'refund.sent_after_cancel',
      detail: { refundId: first.id, exceedsPaidBy: '2.00' },
    });
    const listed = await api<{ items: PublicRefund[] }>('GET', `/crypto/payment/${paymentId}/refunds`);
    expect(listed.body.items.map((r) => [r.id, r.status])).toEqual([
      [first.id, 'sent'],
      [second.id, 'awaiting_signature'],
    ]);
    const more = await api<{ error: { code: string; field: string } }>('POST', `/crypto/payment/${paymentId}/refunds`, {
      amount: '0.01',
    });
    expect(more).toMatchObject({ status: 409, body: { error: { code: 'INVALID_STATE_TRANSITION', field: 'amount' } } });
    // money that left the wallet as a refund always counts, even beyond what was paid
    expect((await consoleCall<SimulatedRefund>('/simulator/refund', { refundId: second.id })).body.refund.status).toBe(
      'sent',
    );
    expect((await api<PublicPayment>('GET', `/crypto/payment/${paymentId}`)).body).toMatchObject({
      paidAmount: '3.00',
      refundedAmount: '5.00',
    });
    expect((await consoleGet<ReconciliationView>('/chain/reconciliation')).difference).toBe('0.00');
  });

  /** The address with its last character changed: its checksum no longer holds (replacing it by 'A' changed nothing one time in 64). */
  const brokenChecksum = (address: string) => `${address.slice(0, -1)}${address.endsWith('A') ? 'B' : 'A'}`;

  /** Addresses that parse but where no refund can arrive: workchains other than 0 and -1, and the all-zero account. */
  const unusableDestinations = () => {
    const hash = Buffer.alloc(32, 0x5a);
    return [
      `1:${hash.toString('hex')}`,
      `127:${hash.toString('hex')}`,
      new Address(1, hash).toString(),
      new Address(127, hash).toString({ bounceable: false }),
      `0:${'0'.repeat(64)}`,
      new Address(0, Buffer.alloc(32)).toString(),
      `-1:${'0'.repeat(64)}`,
    ];
  };

  it('accepts a refund to a masterchain (-1) address', async () => {
    const paymentId = await paidInvoice('1.00', '1.00');
    const destination = `-1:${'5a'.repeat(32)}`;
    const { status, body } = await api<PublicRefund>('POST', `/crypto/payment/${paymentId}/refunds`, { destination });
    expect([status, body.destination]).toEqual([200, destination]);
  });

  it('answers bad requests with the field at fault, and unknown payments and refunds with 404', async () => {
    const { payment: unpaid } = await server.services.payments.create('invoice', {
      currency: 'USDT',
      mainCurrency: 'TON',
      amount: '1.00',
    });
    const paymentId = await paidInvoice('1.00', '1.00');
    const cases: Array<[string, object, number, string | undefined]> = [
      [`/crypto/payment/${paymentId}/refunds`, { destination: 'EQ-not-an-address' }, 400, 'destination'],
      [`/crypto/payment/${paymentId}/refunds`, { destination: brokenChecksum(payer().toString()) }, 400, 'destination'],
      ...unusableDestinations().map((destination): [string, object, number, string] => [
        `/crypto/payment/${paymentId}/refunds`,
        { destination },
        400,
        'destination',
      ]),
      [`/crypto/payment/${paymentId}/refunds`, { amount: '1.000001' }, 400, 'amount'],
      [`/crypto/payment/${paymentId}/refunds`, { amount: '-1' }, 400, 'amount'],
      [`/crypto/payment/${paymentId}/refunds`, { note: 'x' }, 400, undefined],
      [`/crypto/payment/${unpaid.id}/refunds`, {}, 409, 'amount'],
      ['/crypto/payment/pay_0000000000000000000000/refunds', {}, 404, 'paymentId'],
      [`/crypto/payment/${paymentId}/refunds/rfd_0000000000000000000000/cancel`, {}, 404, undefined],
    ];
    for (const [url, payload, status, field] of cases) {
      const res = await api<{ error: { field?: string } }>('POST', url, payload);
      expect([url, payload, res.status]).toEqual([url, payload, status]);
      if (field) expect(res.body.error.field).toBe(field);
    }
    expect((await api<{ items: unknown[] }>('GET', `/crypto/payment/${paymentId}/refunds`)).body.items).toEqual([]);
  });
});
