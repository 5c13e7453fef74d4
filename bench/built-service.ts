import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { ensureBuilt } from '../scripts/build-freshness.mjs';
import { SERVICE_NODE_FLAGS } from '../scripts/service-node-flags.mjs';

const ROOT = join(import.meta.dirname, '..');
const LAUNCHER = join(ROOT, 'scripts', 'run-built.mjs');
/** How often a starting service is asked; short, so the poll adds little to what it measures. */
export const POLL_MS = 5;

/** Builds the service (and what it serves) if stale, so no measurement includes a build. */
export function buildService(): void {
  ensureBuilt(ROOT, ['server', 'web', 'console']);
}

/**
 * `npm run keys -- create` on a data directory no service holds; returns the key. With
 * TONTILL_DATABASE_URL in `env`, the CLI writes the key into that database.
 */
export async function createApiKey(dataDir: string, env: Record<string, string> = {}): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [LAUNCHER, 'keys', 'create', '--name', 'bench', '--data-dir', dataDir],
    {
      env: { ...process.env, ...env },
    },
  );
  return stdout.trim().split('\n').at(-1)!;
}

/** POST /crypto/deposit/invoice with `body` (JSON text) on the service at `url`: the new payment's id. */
export async function createPayment(url: string, apiKey: string, body: string): Promise<string> {
  const res = await fetch(`${url}/crypto/deposit/invoice`, {
    method: 'POST',
    headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
    body,
  });
  if (!res.ok) throw new Error(`bench service: creating a payment answered ${res.status}`);
  return ((await res.json()) as { id: string }).id;
}

/** `npm run simulate -- pay <id>` against the service running on `dataDir`: a sandbox payment, really emulated. */
export async function simulatePay(dataDir: string, paymentId: string, env: Record<string, string> = {}): Promise<void> {
  await promisify(execFile)(process.execPath, [LAUNCHER, 'simulate', 'pay', paymentId, '--data-dir', dataDir], {
    env: { ...process.env, ...env },
  });
}

export function writeConfig(dataDir: string, config: object): void {
  writeFileSync(join(dataDir, 'config.json'), JSON.stringify(config));
}

export interface BuiltService {
  child: ChildProcess;
  /** resolves with the service's URL once it has written service.json (right after it listens) */
  url(): Promise<string>;
  /** resolves once it says it is running: its chain is open too */
  running(): Promise<void>;
  /** false once the process has exited */
  alive(): boolean;
  /** resident memory of the service process, in MiB */
  rssMiB(): number;
  stop(): Promise<void>;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Spawns the service as `npm run serve` runs it: the launcher, with the service's V8 flags, which runs
 * dist/server/serve.js in its own process. `env` is added to this process's environment (TONTILL_DATABASE_URL: on PostgreSQL).
 */
export function spawnBuiltService(dataDir: string, env: Record<string, string> = {}): BuiltService {
  const child = spawn(
    process.execPath,
    [...SERVICE_NODE_FLAGS, LAUNCHER, 'serve', '--data-dir', dataDir, '--port', '0'],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, ...env },
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  const running = new Promise<void>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('TonTill is running')) resolve();
    });
    void exited.then(() => reject(new Error(`the service on ${dataDir} exited before running`)));
  });
  running.catch(() => undefined);
  return {
    child,
    async url() {
      for (;;) {
        if (gone) throw new Error(`the service on ${dataDir} exited before listening`);
        const info = serviceInfo(dataDir);
        // a service.json left by an earlier process names another pid
        if (info && info.pid === child.pid) return info.url;
        await pause(POLL_MS);
      }
    },
    running: () => running,
    alive: () => !gone,
    rssMiB: () => residentMiB(child.pid!),
    async stop() {
      if (!gone) child.kill('SIGTERM');
      await exited;
    },
  };
}

function serviceInfo(dataDir: string): { url: string; pid: number } | null {
  try {
    return JSON.parse(readFileSync(join(dataDir, 'service.json'), 'utf8')) as { url: string; pid: number };
  } catch {
    return null;
  }
}

/** From /proc on Linux, from ps elsewhere (both in KiB). */
function residentMiB(pid: number): number {
  const kib =
    process.platform === 'linux'
      ? /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
      : execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim();
  if (!kib) throw new Error(`no resident size for pid ${pid}`);
  return Number(kib) / 1024;
}
