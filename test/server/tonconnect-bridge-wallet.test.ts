import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Address, Cell, loadMessage } from '@ton/core';
import { TonConnect, UserRejectsError, type IStorage, type WalletInfoRemote } from '@tonconnect/sdk';
import { verifyTonProof } from '../../server/chain/ton-proof';
import { startTestServer, untilWatching, type TestServer } from '../helpers/test-server';

/** The SDK's storage, in memory: a Node dApp has no localStorage. */
function memoryStorage(): IStorage {
  const items = new Map<string, string>();
  return {
    setItem: async (key, value) => void items.set(key, value),
    getItem: async (key) => items.get(key) ?? null,
    removeItem: async (key) => void items.delete(key),
  };
}

interface PublicPayment {
  id: string;
  status: string;
  amount: string;
  paidAmount: string;
  dueAmount: string;
  memo: string;
}

describe('a Node dApp pays through the loopback bridge and the sandbox wallet', () => {
  let s: TestServer;
  const createPayment = async (amount: string): Promise<PublicPayment> => {
    const res = await fetch(`${s.url}/invoice/deposit`, {
      method: 'POST',
      headers: { 'x-api-key': s.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ currency: 'USDT', mainCurrency: 'TON', amount }),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as PublicPayment;
  };
  const paymentView = async (id: string) =>
    (await (
      await fetch(`${s.url}/crypto/payment/${id}`, { headers: { 'x-api-key': s.apiKey } })
    ).json()) as PublicPayment;

  /** The dApp's side: the SDK, with the service's own wallets list, analytics off. */
  async function connectedDapp(account: 'payer' | 'merchant', tonProof?: string) {
    const connector = new TonConnect({
      manifestUrl: `${s.url}/tonconnect-manifest.json`,
      walletsListSource: `${s.url}/tonconnect/wallets.json`,
      storage: memoryStorage(),
      analytics: { mode: 'off' },
    });
    const wallets = await connector.getWallets();
    const sandbox = wallets.find((w) => w.appName === 'tontill-sandbox') as WalletInfoRemote;
    expect(sandbox).toMatchObject({ universalLink: `${s.url}/sandbox-wallet`, bridgeUrl: `${s.url}/bridge` });
    const connected = new Promise<void>((resolve, reject) =>
      connector.onStatusChange((wallet) => wallet && resolve(), reject),
    );
    const link = connector.connect(
      { universalLink: sandbox.universalLink, bridgeUrl: sandbox.bridgeUrl },
      tonProof ? { request: { tonProof } } : undefined,
    );
    const sessionUrl = await approveConnection(link, account);
    await connected;
    return { connector, sessionUrl };
  }

  /** The person's side: the wallet opens the link, and Approve is pressed on its page. */
  async function approveConnection(link: string, account: 'payer' | 'merchant'): Promise<string> {
    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toMatch(/^default-src 'none';/);
    const html = await page.text();
    expect(html).toContain('Connect to ');
    const form = new URLSearchParams();
    for (const [, name, value] of html.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)">/g))
      form.set(name!, unescapeHtml(value!));
    form.set('account', account);
    form.set('decision', 'approve');
    const answer = await fetch(`${s.url}/sandbox-wallet/connect`, { method: 'POST', body: form, redirect: 'manual' });
    expect(answer.status).toBe(303);
    return new URL(answer.headers.get('location')!, s.url).toString();
  }

  /** The session page once it lists a request, and the form that answers it. */
  async function pendingRequest(sessionUrl: string): Promise<{ html: string; action: string }> {
    for (;;) {
      const html = await (await fetch(sessionUrl)).text();
      const action = /<form method="post" action="([^"]*\/requests\/[^"]*)">/.exec(html)?.[1];
      if (action) return { html, action: new URL(unescapeHtml(action), s.url).toString() };
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** Reads the page until it says `text` (the wallet handles the app's messages as the bridge hands them over). */
  async function pageSaying(url: string, text: string): Promise<void> {
    while (!(await (await fetch(url)).text()).includes(text)) await new Promise((resolve) => setTimeout(resolve, 20));
  }

  const answer = (action: string, decision: 'approve' | 'reject') =>
    fetch(action, { method: 'POST', body: new URLSearchParams({ decision }), redirect: 'manual' });

  beforeAll(async () => {
    // the SDK narrates every bridge message on console.debug
    vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    s = await startTestServer();
    await untilWatching(s);
  });
  afterAll(async () => {
    await s?.dispose();
  });

  it('connects, shows the jetton transfer for approval, sends it on approval, and the payment is credited once', async () => {
    const payment = await createPayment('12.34');
    const { connector, sessionUrl } = await connectedDapp('payer');
    const account = connector.account!;
    expect(account.chain).toBe('-3');
    const payer = s.chain.sandbox!.payerAddress;
    expect(Address.parse(account.address).equals(payer)).toBe(true);

    const request = await fetch(`${s.url}/pay/${payment.id}/wallet-request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ payer: account.address, network: account.chain }),
    });
    expect(request.status).toBe(200);
    const sent = connector.sendTransaction(await request.json());

    const { html, action } = await pendingRequest(sessionUrl);
    expect(html).toContain('12.34 USDT');
    expect(html).toContain(payment.memo);
    expect(html).toContain(s.chain.sandbox!.merchantAddress.toString({ testOnly: true }));
    expect((await answer(action, 'approve')).status).toBe(303);

    const { boc } = await sent;
    const external = loadMessage(Cell.fromBase64(boc).beginParse());
    expect(external.info.type).toBe('external-in');
    expect((external.info.dest as Address).equals(payer)).toBe(true);

    const paid = await paymentView(payment.id);
    expect(paid).toMatchObject({ status: 'paid', paidAmount: '12.34', dueAmount: '0.00' });
    await s.watcher.pollNow();
    expect((await paymentView(payment.id)).paidAmount).toBe('12.34');
    const after = await (await fetch(sessionUrl)).text();
    expect(after).toMatch(/<span class="sent">Sent<\/span> · 12\.34 USDT to /);

    // the app disconnects: the wallet's session page says so
    await connector.disconnect();
    await pageSaying(sessionUrl, 'Disconnected. You can close this tab.');
  });

  it("the wallet's Disconnect reaches the app as a disconnect event", async () => {
    const { connector, sessionUrl } = await connectedDapp('payer');
    const gone = new Promise<void>((resolve) => connector.onStatusChange((wallet) => wallet === null && resolve()));
    const action = new URL(`${sessionUrl}/disconnect`);
    expect((await fetch(action, { method: 'POST', redirect: 'manual' })).status).toBe(303);
    await gone;
    expect(connector.connected).toBe(false);
  });

  it("a rejection reaches the dApp as the SDK's UserRejectsError, and nothing is sent", async () => {
    const payment = await createPayment('3.00');
    const { connector, sessionUrl } = await connectedDapp('payer');
    const request = await fetch(`${s.url}/pay/${payment.id}/wallet-request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ payer: connector.account!.address, network: connector.account!.chain }),
    });
    const sent = connector.sendTransaction(await request.json());
    const { action } = await pendingRequest(sessionUrl);
    expect((await answer(action, 'reject')).status).toBe(303);
    await expect(sent).rejects.toBeInstanceOf(UserRejectsError);
    await s.watcher.pollNow();
    expect(await paymentView(payment.id)).toMatchObject({ status: 'pending', paidAmount: '0.00' });
    await connector.disconnect();
  });

  it("Decline on the connect page reaches the dApp as the SDK's UserRejectsError", async () => {
    const connector = new TonConnect({
      manifestUrl: `${s.url}/tonconnect-manifest.json`,
      walletsListSource: `${s.url}/tonconnect/wallets.json`,
      storage: memoryStorage(),
      analytics: { mode: 'off' },
    });
    const sandbox = (await connector.getWallets()).find((w) => w.appName === 'tontill-sandbox') as WalletInfoRemote;
    const refused = new Promise<unknown>((resolve) => connector.onStatusChange(() => undefined, resolve));
    const link = connector.connect({ universalLink: sandbox.universalLink, bridgeUrl: sandbox.bridgeUrl });
    const html = await (await fetch(link)).text();
    const form = new URLSearchParams();
    for (const [, name, value] of html.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)">/g))
      form.set(name!, unescapeHtml(value!));
    form.set('decision', 'decline');
    const answer = await fetch(`${s.url}/sandbox-wallet/connect`, { method: 'POST', body: form });
    expect(await answer.text()).toContain('The app was told you declined.');
    expect(await refused).toBeInstanceOf(UserRejectsError);
    expect(connector.connected).toBe(false);
  });

  it('connects the merchant with a ton_proof that the service verifies for its own domain', async () => {
    const { connector } = await connectedDapp('merchant', 'one-time-payload-1');
    const wallet = connector.wallet!;
    expect(Address.parse(wallet.account.address).equals(s.chain.sandbox!.merchantAddress)).toBe(true);
    const proofItem = wallet.connectItems?.tonProof;
    expect(proofItem && 'proof' in proofItem).toBe(true);
    const proof = (proofItem as { proof: Parameters<typeof verifyTonProof>[0]['proof'] }).proof;
    expect(proof.payload).toBe('one-time-payload-1');
    const result = await verifyTonProof(
      { account: { ...wallet.account }, proof },
      {
        domain: new URL(s.url).host,
        now: s.clock.now(),
        payloadStatus: () => 'open',
        takePayload: () => 'open',
        deployedPublicKey: async () => null,
      },
    );
    expect(result).toMatchObject({ ok: true });
    await connector.disconnect();
  });
});

function unescapeHtml(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
