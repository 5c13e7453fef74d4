import { performance } from 'node:perf_hooks';
import { rmSync } from 'node:fs';
import { serveBenchApp } from './bench-ledger';
import { SQLITE, type Engine } from './engine';
import type { SeedTarget } from './seed-ledger';
import { tempDirPath } from './temp-dirs';

const SAMPLES = 40;

/**
 * Commit to frame: a payment is created, and the time runs from the moment its event is committed
 * (the bus's committed phase) to the moment an HTTP client reading the console's live stream has
 * the frame carrying that event's seq. Median of SAMPLES.
 */
export async function liveUpdateMs(engine: Engine = SQLITE): Promise<number> {
  const dataDir = tempDirPath('tontill-bench-live-');
  const database = engine.engine === 'postgres' ? await engine.database() : null;
  const target: SeedTarget = database ? { url: database } : { dataDir };
  const server = await serveBenchApp(dataDir, target);
  const { services, url } = server;
  const ac = new AbortController();
  try {
    const committedAt = new Map<number, number>();
    services.bus.onCommitted((event) => committedAt.set(event.seq, performance.now()));
    const res = await fetch(`${url}/console/api/events`, {
      headers: { authorization: `Bearer ${await services.sessions.createSession()}` },
      signal: ac.signal,
    });
    const frames = frameIds(res);
    await frames.next(); // ready
    const samples: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      await services.payments.create('invoice', { currency: 'USDT', mainCurrency: 'TON', amount: '1.00' });
      const seq = (await frames.next()).value as number;
      samples.push(performance.now() - committedAt.get(seq)!);
    }
    samples.sort((a, b) => a - b);
    return Math.round(samples[Math.floor(samples.length / 2)]! * 100) / 100;
  } finally {
    ac.abort();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (engine.engine === 'postgres' && database) await engine.drop(database);
  }
}

/** The `id:` of each frame as the client finishes reading it. */
async function* frameIds(res: Response): AsyncGenerator<number> {
  const decoder = new TextDecoder();
  let buffer = '';
  const reader = res.body!.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    buffer += decoder.decode(chunk.value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const id = /^id: (\d+)$/m.exec(buffer.slice(0, end));
      buffer = buffer.slice(end + 2);
      if (id) yield Number(id[1]);
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  liveUpdateMs().then(
    (ms) => console.log(JSON.stringify({ console_live_update_ms: ms })),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
