import { buildService, createApiKey, createPayment, simulatePay, spawnBuiltService } from './built-service';
import { databaseEnv, SQLITE, suffixOf, type Engine } from './engine';
import type { Figures } from './figures';
import { tempDirPath } from './temp-dirs';

/** How long after its first request the service is left alone: its start-up work and first GCs are behind it. */
const SETTLE_MS = 10_000;

/**
 * What a till's service keeps resident when nobody asks anything: a fresh data directory in sandbox
 * mode (as `npm start` runs it: the sandbox chain is created at this start), one request (the health check),
 * then 10 s of rest. Then what it keeps once it has emulated: one sandbox payment (its emulator made,
 * then let go at rest), then 10 s of rest again.
 */
export async function runIdleMemoryBench(engine: Engine = SQLITE): Promise<Figures> {
  buildService();
  const dir = tempDirPath('tontill-bench-idle-');
  const database = engine.engine === 'postgres' ? await engine.database() : null;
  const env = databaseEnv(database);
  const key = await createApiKey(dir, env);
  const service = spawnBuiltService(dir, env);
  const suffix = suffixOf(engine);
  const settled = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  try {
    await service.running();
    const url = await service.url();
    const res = await fetch(`${url}/healthz`);
    await res.body?.cancel();
    await settled();
    const idle = service.rssMiB();
    const invoice = JSON.stringify({ currency: 'USDT', mainCurrency: 'TON', amount: '10.00' });
    await simulatePay(dir, await createPayment(url, key, invoice), env);
    await settled();
    return {
      [`rss_mib_idle${suffix}`]: {
        value: Math.round(idle * 10) / 10,
        unit: `MiB (fresh start, sandbox, ${SETTLE_MS / 1000} s after the first request)`,
      },
      [`rss_mib_rest_after_sandbox_payment${suffix}`]: {
        value: Math.round(service.rssMiB() * 10) / 10,
        unit: `MiB (the same service, ${SETTLE_MS / 1000} s after one emulated sandbox payment)`,
      },
    };
  } finally {
    await service.stop();
    if (engine.engine === 'postgres' && database) await engine.drop(database);
  }
}
