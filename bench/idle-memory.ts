import { buildService, createApiKey, spawnBuiltService } from './built-service';
import { databaseEnv, SQLITE, suffixOf, type Engine } from './engine';
import type { Figures } from './figures';
import { tempDirPath } from './temp-dirs';

/** How long after its first request the service is left alone: its start-up work and first GCs are behind it. */
const SETTLE_MS = 10_000;

/**
 * What a till's service keeps resident when nobody asks anything: a fresh data directory in sandbox
 * mode (as `npm start` runs it: the sandbox chain is created at this start), one request (the health check),
 * then 10 s of rest.
 */
export async function runIdleMemoryBench(engine: Engine = SQLITE): Promise<Figures> {
  buildService();
  const dir = tempDirPath('tontill-bench-idle-');
  const database = engine.engine === 'postgres' ? await engine.database() : null;
  await createApiKey(dir, databaseEnv(database));
  const service = spawnBuiltService(dir, databaseEnv(database));
  try {
    await service.running();
    const res = await fetch(`${await service.url()}/healthz`);
    await res.body?.cancel();
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    return {
      [`rss_mib_idle${suffixOf(engine)}`]: {
        value: Math.round(service.rssMiB() * 10) / 10,
        unit: `MiB (fresh start, sandbox, ${SETTLE_MS / 1000} s after the first request)`,
      },
    };
  } finally {
    await service.stop();
    if (engine.engine === 'postgres' && database) await engine.drop(database);
  }
}
