import { parseConfig, type ConfigInput } from '../../server/config/config';
import type { BackupTimer } from '../../server/backups/backup-timer';
import { startServer, type RunningServer } from '../../server/index';
import { ManualClock, tempDir } from './test-app';

export interface TestServer extends RunningServer {
  clock: ManualClock;
  dataDir: string;
  apiKey: string;
  /** closes the server and deletes its data directory */
  dispose(): Promise<void>;
}

/** The whole service as `npm run serve` runs it (sandbox chain, watcher, HTTP on loopback), in a temp dir. */
export async function startTestServer(options: { config?: Partial<ConfigInput>; dataDir?: string; clock?: ManualClock; backupTimer?: BackupTimer } = {}): Promise<TestServer> {
  const dir = options.dataDir ? null : tempDir();
  const dataDir = options.dataDir ?? dir!.path;
  const clock = options.clock ?? new ManualClock();
  const config = parseConfig({ dataDir, port: 0, rateLimit: { enabled: false }, ...options.config });
  const server = await startServer(config, { clock, ...(options.backupTimer ? { backupTimer: options.backupTimer } : {}) });
  const { key } = await server.services.apiKeys.create('test');
  return Object.assign(server, {
    clock, dataDir, apiKey: key,
    async dispose() {
      await server.close();
      dir?.remove();
    },
  });
}
