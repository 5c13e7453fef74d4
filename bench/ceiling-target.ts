import Fastify from 'fastify';
import { parseConfig } from '../server/config/config';
import { startServer } from '../server/index';
import { tempDirPath } from './temp-dirs';

/**
 * Runs in its own process so the load generator and the server do not share a core:
 * an empty Fastify route (the ceiling) and the real service as `npm run serve` runs it.
 */
async function main(): Promise<void> {
  const ceiling = Fastify({ logger: false });
  ceiling.get('/empty', async () => ({ ok: true }));
  const ceilingUrl = await ceiling.listen({ host: '127.0.0.1', port: 0 });

  const dataDir = tempDirPath('tontill-bench-http-');
  const server = await startServer(parseConfig({ dataDir, port: 0, logLevel: 'silent', rateLimit: { enabled: false } }));
  const { key } = server.services.apiKeys.create('bench');
  const payment = server.services.payments.create('invoice', { currency: 'USDT', mainCurrency: 'TON', amount: '10.00' }).payment;
  process.stdout.write(`${JSON.stringify({ ceilingUrl, appUrl: server.url, apiKey: key, paymentId: payment.id })}\n`);
  process.on('SIGTERM', () => {
    void Promise.all([ceiling.close(), server.close()]).then(() => process.exit(0));
  });
}

void main();
