import type { PublicPayment } from '../../contract/payments';
import type { Dispatcher, DispatcherOptions } from '../../server/webhooks/dispatcher';
import { createTestApp, QUICK_START, type TestApp } from '../helpers/test-app';

/** Parsed JSON as the tests read it (the same looseness as `inject().json()`). */
export type Json = ReturnType<typeof JSON.parse>;

export interface WebhookHarness extends TestApp {
  token: string;
  /** console API call with a session */
  consoleApi(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
  ): Promise<{ status: number; body: Json }>;
  /** merchant API: create a payment and return its public record */
  createPayment(extra?: Record<string, unknown>): Promise<PublicPayment>;
  cancelPayment(id: string): Promise<PublicPayment>;
  startDispatcher(options?: Partial<DispatcherOptions>): Dispatcher;
}

/** The real app over a real SQLite file, plus console and merchant helpers; the dispatcher is started by the test. */
export async function createWebhookHarness(): Promise<WebhookHarness> {
  const t = await createTestApp();
  const token = await t.services.sessions.createSession();
  // A session per call: tests move the manual clock by days, past any session's lifetime.
  const consoleApi: WebhookHarness['consoleApi'] = async (method, url, payload) => {
    const token = await t.services.sessions.createSession();
    const res = await t.app.inject({
      method,
      url: `/console/api${url}`,
      headers: {
        authorization: `Bearer ${token}`,
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });
    return { status: res.statusCode, body: res.body ? res.json() : null };
  };
  let orders = 0;
  const createPayment = async (extra: Record<string, unknown> = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/crypto/deposit/invoice',
      headers: { 'x-api-key': t.apiKey, 'content-type': 'application/json' },
      payload: JSON.stringify({ ...QUICK_START, externalId: `order-${++orders}`, ...extra }),
    });
    if (res.statusCode !== 200) throw new Error(`create failed: ${res.body}`);
    return res.json<PublicPayment>();
  };
  const cancelPayment = async (id: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/crypto/payment/${id}/cancel`,
      headers: { 'x-api-key': t.apiKey },
    });
    if (res.statusCode !== 200) throw new Error(`cancel failed: ${res.body}`);
    return res.json<PublicPayment>();
  };
  const startDispatcher = (options: Partial<DispatcherOptions> = {}) =>
    t.services.webhooks.startDispatcher({ random: () => 0.5, timeoutMs: 2_000, idlePollMs: 50, ...options });
  return {
    ...t,
    token,
    consoleApi,
    createPayment,
    cancelPayment,
    startDispatcher,
    async close() {
      await t.services.webhooks.stopDispatcher();
      await t.close();
    },
  };
}
