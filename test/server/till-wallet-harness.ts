import { expect, vi } from 'vitest';
import type { TillWalletSession } from '../../contract/till-wallet';
import type { TestServer } from '../helpers/test-server';

const unescapeHtml = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

/** The SDK narrates every bridge message on console.debug; the tests keep it quiet. */
export const quietSdk = () => vi.spyOn(console, 'debug').mockImplementation(() => undefined);

/**
 * The till's side of "Pay with wallet" over HTTP (the console API, as the owner) and the sandbox
 * wallet's side through its own pages' forms, for one test server.
 */
export function tillWalletHarness(server: () => TestServer, owner: () => string) {
  const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, token = owner()) =>
    server().app.inject({
      method,
      url: `/console/api${url}`,
      headers: { authorization: `Bearer ${token}`, origin: server().url },
      ...(payload ? { payload } : {}),
    });
  const session = async (id: string): Promise<TillWalletSession> => {
    const res = await call('GET', `/payments/${id}/wallet-session`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  return {
    call,
    session,
    async start(id: string): Promise<TillWalletSession> {
      const res = await call('POST', `/payments/${id}/wallet-session`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    },
    /** Follows the session as the till does, until it reaches `state`. */
    async untilState(id: string, state: TillWalletSession['state']): Promise<TillWalletSession> {
      for (;;) {
        const seen = await session(id);
        if (seen.state === state) return seen;
        await tick();
      }
    },
    async newPayment(amount: string, expiresInSeconds?: number): Promise<{ id: string; memo: string }> {
      const res = await call('POST', '/payments', { amount, ...(expiresInSeconds ? { expiresInSeconds } : {}) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    },
    async paymentStatus(id: string): Promise<string> {
      return ((await call('GET', `/payments/${id}`)).json() as { payment: { status: string } }).payment.status;
    },
    /** The wallet opens the link: its page asks "Connect to …?", and the person answers; the wallet's session page. */
    async answerConnection(link: string, decision: 'approve' | 'decline'): Promise<string> {
      const page = await fetch(link);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('Connect to ');
      const form = new URLSearchParams({ account: 'payer', decision });
      for (const [, name, value] of html.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)">/g))
        form.set(name!, unescapeHtml(value!));
      const answer = await fetch(`${server().url}/sandbox-wallet/connect`, {
        method: 'POST',
        body: form,
        redirect: 'manual',
      });
      if (decision === 'decline') return '';
      expect(answer.status).toBe(303);
      return new URL(answer.headers.get('location')!, server().url).toString();
    },
    /** The wallet's session page once it lists the request, and the form's action that answers it. */
    async pendingRequest(sessionUrl: string): Promise<{ html: string; action: string }> {
      for (;;) {
        const html = await (await fetch(sessionUrl)).text();
        const action = /<form method="post" action="([^"]*\/requests\/[^"]*)">/.exec(html)?.[1];
        if (action) return { html, action: new URL(unescapeHtml(action), server().url).toString() };
        await tick();
      }
    },
    answerRequest: (action: string, decision: 'approve' | 'reject') =>
      fetch(action, { method: 'POST', body: new URLSearchParams({ decision }), redirect: 'manual' }),
    /** Waits until the wallet's session page says the app disconnected. */
    async untilWalletDisconnected(sessionUrl: string): Promise<void> {
      while (!(await (await fetch(sessionUrl)).text()).includes('Disconnected. You can close this tab.')) await tick();
    },
  };
}
