import type { PublicPayment } from '../../contract/payments';
import { parseConfig, type ConfigInput } from '../../server/config/config';
import type { BackupTimer } from '../../server/backups/backup-timer';
import { startServer, type RunningServer } from '../../server/index';
import { ManualClock, tempDir } from './test-app';
import { dropTestDatabase, TEST_ENGINE, testDatabaseUrl } from './test-database';

export interface TestServer extends RunningServer {
  clock: ManualClock;
  dataDir: string;
  apiKey: string;
  /** closes the server and deletes its data directory */
  dispose(): Promise<void>;
}

/** The whole service as `npm run serve` runs it (sandbox chain, watcher, HTTP on loopback), in a temp dir. */
export async function startTestServer(
  options: { config?: Partial<ConfigInput>; dataDir?: string; clock?: ManualClock; backupTimer?: BackupTimer } = {},
): Promise<TestServer> {
  const dir = options.dataDir ? null : tempDir();
  const dataDir = options.dataDir ?? dir!.path;
  const clock = options.clock ?? new ManualClock();
  // the postgres project runs the same service on this data directory's own database
  const database = TEST_ENGINE === 'postgres' ? { database: { url: await testDatabaseUrl(dataDir) } } : {};
  const config = parseConfig({ dataDir, port: 0, rateLimit: { enabled: false }, ...database, ...options.config });
  const server = await startServer(config, {
    clock,
    ...(options.backupTimer ? { backupTimer: options.backupTimer } : {}),
  });
  const { key } = await server.services.apiKeys.create('test');
  return Object.assign(server, {
    clock,
    dataDir,
    apiKey: key,
    async dispose() {
      await server.close();
      if (dir && TEST_ENGINE === 'postgres') await dropTestDatabase(dataDir);
      dir?.remove();
    },
  });
}

/**
 * Resolves once this instance watches the chain: at once on SQLite; on PostgreSQL once it holds the
 * watcher's lease, which it takes a moment after it starts (until then a poll is fenced out, as a
 * standby's must be). Tests that poll the watcher by hand wait for this first.
 */
export async function untilWatching(server: RunningServer): Promise<void> {
  while (!server.watcher.status().running) await new Promise((resolve) => setTimeout(resolve, 10));
}

/** A payment created through the merchant API, priced in `currency` (an asset or an ISO 4217 code). */
export async function createPriced(server: TestServer, currency: string, amount: string): Promise<PublicPayment> {
  const res = await server.app.inject({
    method: 'POST',
    url: '/crypto/deposit/invoice',
    headers: { 'x-api-key': server.apiKey },
    payload: { currency, mainCurrency: 'TON', amount },
  });
  if (res.statusCode !== 200) throw new Error(`creating a ${currency} payment answered ${res.statusCode}: ${res.body}`);
  return res.json();
}
