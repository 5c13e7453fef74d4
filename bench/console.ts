import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { build } from 'vite';
import { launchChromium } from '../scripts/chromium';
import { CONSOLE_COOKIE } from '../server/auth/guards';
import { serveBenchApp } from './bench-ledger';
import { liveUpdateMs } from './console-live';
import { SQLITE, suffixOf, type Engine } from './engine';
import type { Figures } from './figures';
import { seedLedger, type SeedTarget } from './seed-ledger';
import { tempDirPath } from './temp-dirs';

const ROOT = join(import.meta.dirname, '..');
const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/**
 * Where a measurement's ledger lives: the data directory's SQLite file, or a fresh PostgreSQL
 * database (dropped with `drop`, a million payments take room).
 */
async function ledgerFor(engine: Engine, dataDir: string): Promise<{ target: SeedTarget; drop(): Promise<void> }> {
  if (engine.engine === 'sqlite') return { target: { dataDir }, drop: async () => undefined };
  const url = await engine.database();
  return { target: { url }, drop: () => engine.drop(url) };
}

async function serve(dataDir: string, target: SeedTarget) {
  const server = await serveBenchApp(dataDir, target);
  return { url: server.url, session: await server.services.sessions.createSession(), close: () => server.close() };
}

async function firstPageMs(engine: Engine, rows: number): Promise<number> {
  const dir = tempDirPath('tontill-bench-console-');
  const ledger = await ledgerFor(engine, dir);
  try {
    await seedLedger(ledger.target, rows);
    const server = await serve(dir, ledger.target);
    try {
      const headers = { authorization: `Bearer ${server.session}` };
      const samples: number[] = [];
      for (let i = 0; i < 23; i++) {
        const t0 = performance.now();
        const res = await fetch(`${server.url}/console/api/payments?limit=100`, { headers });
        const body = (await res.json()) as { items: unknown[] };
        if (body.items.length !== 100) throw new Error(`first page had ${body.items.length} rows`);
        if (i >= 3) samples.push(performance.now() - t0);
      }
      return median(samples);
    } finally {
      await server.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await ledger.drop();
  }
}

async function rendererPageMs(engine: Engine, rows: number): Promise<number> {
  if (!existsSync(join(ROOT, 'dist/console/index.html')))
    await build({ configFile: join(ROOT, 'renderer/vite.config.ts'), logLevel: 'warn' });
  const dir = tempDirPath('tontill-bench-renderer-');
  const ledger = await ledgerFor(engine, dir);
  const browser = await launchChromium();
  try {
    await seedLedger(ledger.target, rows);
    const server = await serve(dir, ledger.target);
    try {
      const context = await browser.newContext({ viewport: { width: 1360, height: 860 } });
      await context.addCookies([{ name: CONSOLE_COOKIE, value: server.session, url: server.url }]);
      const samples: number[] = [];
      for (let i = 0; i < 6; i++) {
        const page = await context.newPage();
        const t0 = performance.now();
        await page.goto(`${server.url}/console/#/payments`);
        await page.getByTestId('payment-row').first().waitFor();
        if (i >= 1) samples.push(performance.now() - t0);
        const rendered = await page.getByTestId('payment-row').count();
        if (rendered > 60) throw new Error(`windowing failed: ${rendered} rows in the DOM`);
        await page.close();
      }
      return median(samples);
    } finally {
      await server.close();
    }
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
    await ledger.drop();
  }
}

/**
 * The console's hot paths: the payments API's first page over 1,000,000 rows, the payments screen in
 * Chromium over 100,000, and a committed change reaching a live stream's reader.
 */
export async function runConsoleBench(engine: Engine = SQLITE): Promise<Figures> {
  const suffix = suffixOf(engine);
  return {
    [`console_first_page_ms${suffix}`]: {
      value: Math.round((await firstPageMs(engine, 1_000_000)) * 100) / 100,
      unit: 'ms',
    },
    [`renderer_payments_page_ms${suffix}`]: { value: Math.round(await rendererPageMs(engine, 100_000)), unit: 'ms' },
    [`console_live_update_ms${suffix}`]: { value: await liveUpdateMs(engine), unit: 'ms' },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runConsoleBench().then(
    (f) => console.log(JSON.stringify(f, null, 2)),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
