import { it } from 'vitest';
import { ensureBuilt, openConsole, startConsoleService } from './console-harness';
it('debug', async () => {
  await ensureBuilt();
  const s = await startConsoleService();
  const ui = await openConsole(s);
  const p = ui.page;
  const { payment } = s.server.services.payments.create('invoice', { currency: 'USDT', mainCurrency: 'TON', amount: '3.00' });
  await p.evaluate(() => { location.hash = '#/simulator'; });
  await p.getByLabel('Payment').selectOption(payment.id);
  await p.getByRole('button', { name: /^Exact/ }).click();
  await new Promise((r) => setTimeout(r, 4000));
  console.log('TOASTS', await p.locator('.toasts').textContent(), await p.locator('.sim-log').count(), ui.errors);
  console.log(s.server.services.payments.get(payment.id).status);
  await ui.browser.close(); await s.close();
});
