import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/service-process';
import { tempDir } from '../helpers/test-app';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { loadReadmeRecipe, type Recipe } from './readme-recipe';
import { Receiver } from './receiver';

describe('the callback secret, headless', () => {
  const recipeDir = tempDir('tontill-recipe-');
  let recipe: Recipe;
  let server: TestServer | null = null;
  let receiver: Receiver | null = null;
  beforeAll(async () => {
    recipe = await loadReadmeRecipe(recipeDir.path);
  });
  afterAll(() => recipeDir.remove());
  afterEach(async () => {
    await server?.dispose();
    await receiver?.stop();
    server = null;
    receiver = null;
  });

  it('exists as soon as the store does, before any payment or console visit', async () => {
    server = await startTestServer();
    const stored = await server.services.settings.get<{ secret: string; rotatedAt: number }>('webhook_callback_secret');
    expect(stored?.secret).toMatch(/^whsec_[\w-]{43}$/);
    expect(stored?.rotatedAt).toBe(server.clock.now());
  });

  it('`secret` prints it and `rotate` rolls it, through the running service; the printed secret verifies callbacks', async () => {
    server = await startTestServer();
    receiver = await Receiver.start();
    const dataDir = ['--data-dir', server.dataDir];
    const shown = await runCli('webhooks', ['secret', ...dataDir]);
    expect(shown.code).toBe(0);
    expect(shown.lastLine).toBe((await server.services.webhooks.callbackSecret()).secret);
    expect(shown.out).toContain('No other secret signs deliveries.');

    const rotated = await runCli('webhooks', ['rotate', ...dataDir]);
    expect(rotated.code).toBe(0);
    expect(rotated.lastLine).toMatch(/^whsec_/);
    expect(rotated.lastLine).not.toBe(shown.lastLine);
    expect(rotated.out).toContain(
      `The previous secret also signs until ${new Date(server.clock.now() + 24 * 3600_000).toISOString()}`,
    );

    const res = await fetch(`${server.url}/crypto/deposit/invoice`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': server.apiKey },
      body: JSON.stringify({
        currency: 'USDT',
        mainCurrency: 'TON',
        amount: '3.00',
        externalId: 'cli-1',
        callbackUrl: receiver.url('/cb'),
      }),
    });
    expect(res.status).toBe(200);
    await server.services.webhooks.startDispatcher().whenIdle();
    const [delivery] = receiver.received;
    expect(delivery?.event.type).toBe('payment.created');
    const now = Math.floor(server.clock.now() / 1000);
    for (const secret of [rotated.lastLine, shown.lastLine])
      expect(recipe(delivery!.raw, delivery!.headers['tontill-signature'], secret, 300, now)).toBe(true);

    const ended = await runCli('webhooks', ['rotate', '--grace-hours', '0', ...dataDir]);
    expect(ended.code).toBe(0);
    expect(ended.out).toContain('No other secret signs deliveries.');
    expect(await server.services.webhooks.callbackSecrets(server.clock.now())).toEqual([ended.lastLine]);
  });

  it('`list` shows the endpoints without their secrets', async () => {
    server = await startTestServer();
    const empty = await runCli('webhooks', ['list', '--data-dir', server.dataDir]);
    expect(empty.out).toContain('No webhook endpoints');
    const { endpoint, secret } = await server.services.webhooks.createEndpoint({
      url: 'http://127.0.0.1:9/hook',
      events: ['payment.paid'],
    });
    const listed = await runCli('webhooks', ['list', '--data-dir', server.dataDir]);
    expect(listed.code).toBe(0);
    expect(listed.out).toContain(`${endpoint.id}  active  http://127.0.0.1:9/hook  events: payment.paid`);
    expect(listed.out).not.toContain(secret);
  });

  it('says what to do when no service runs, and how to call it when the command is wrong', async () => {
    const dir = tempDir();
    try {
      const none = await runCli('webhooks', ['secret', '--data-dir', dir.path]);
      expect(none.code).toBe(1);
      expect(none.out).toContain(`no running service found for ${dir.path}; start it with: npm run serve`);
      for (const args of [['show'], ['constructor'], [], ['rotate', '--grace-hours', 'soon']]) {
        const wrong = await runCli('webhooks', [...args, '--data-dir', dir.path]);
        expect(wrong.code).toBe(2);
        expect(wrong.out).toContain('usage: npm run webhooks -- <secret | rotate [--grace-hours N] | list>');
      }
    } finally {
      dir.remove();
    }
  });
});
