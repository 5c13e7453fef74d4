// `npm run serve:pg -- [--instances N] [--data-dir DIR] [--port-base P]`: several instances of the
// service sharing one PostgreSQL ledger, on this machine, to try what a multi-instance deployment does
// (one watcher holding the lease, events reaching every instance, a failover when one is stopped).
//
// It starts a throwaway cluster of its own (scripts/local-postgres.ts, PostgreSQL's durable defaults)
// in DIR/postgres with one database, `tontill`, then N instances (default 2) as child processes:
// `node scripts/run-built.mjs serve --data-dir DIR/instance-<i> --port <P+i, or 0 for any free port>`
// with TONTILL_DATABASE_URL set to that database. Their output is passed through, each line prefixed
// `[i] `; once all are up it prints one line per instance with its URL and console login link.
// Ctrl-C (or SIGTERM) stops the instances, then the cluster.
//
// The cluster is removed when it stops, so the ledger lives as long as this command. The data
// directory therefore defaults to a temp folder removed at exit too (nothing outlives the ledger it
// belongs to); --data-dir DIR keeps DIR/instance-<i> (their keys and settings) for a look afterwards.
// Needs PostgreSQL's binaries (initdb, pg_ctl: apt-get install postgresql), not a running server.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { ensureBuilt } from './build-freshness.mjs';
import { startLocalPostgres, type LocalPostgres } from './local-postgres';

const ROOT = join(import.meta.dirname, '..');
/** the banner line the service prints once it listens (test/helpers/service-process.ts waits for it too) */
const RUNNING = /TonTill is running on the \w+ chain at (http:\/\/\S+)/;
const LOGIN_LINK = /Console:\s+(http:\/\/\S+\/console\/login\?token=\S+)/;
const READY_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 15_000;
const DATABASE = 'tontill';

interface Options {
  instances: number;
  dataDir: string;
  ownDataDir: boolean;
  portBase: number | null;
}

interface Instance {
  index: number;
  child: ChildProcess;
  exited: Promise<number | NodeJS.Signals | null>;
  ready: Promise<string>;
  loginLink: () => string | null;
}

function options(): Options {
  const { values } = parseArgs({
    options: {
      instances: { type: 'string', default: '2' },
      'data-dir': { type: 'string' },
      'port-base': { type: 'string' },
    },
  });
  const instances = Number(values.instances);
  if (!Number.isInteger(instances) || instances < 1 || instances > 50)
    throw new Error('--instances must be an integer from 1 to 50');
  const portBase = values['port-base'] === undefined ? null : Number(values['port-base']);
  if (portBase !== null && (!Number.isInteger(portBase) || portBase < 1 || portBase + instances - 1 > 65_535)) {
    throw new Error('--port-base must be a port number, with room for every instance above it');
  }
  const given = values['data-dir'];
  return {
    instances,
    portBase,
    dataDir: given === undefined ? mkdtempSync(join(tmpdir(), 'tontill-pg-')) : resolve(given),
    ownDataDir: given === undefined,
  };
}

function prefixLines(stream: NodeJS.ReadableStream, prefix: string, onLine: (line: string) => void): void {
  createInterface({ input: stream }).on('line', (line) => {
    console.log(`${prefix}${line}`);
    onLine(line);
  });
}

function startInstance(index: number, opts: Options, databaseUrl: string): Instance {
  const dataDir = join(opts.dataDir, `instance-${index}`);
  mkdirSync(dataDir, { recursive: true });
  const port = opts.portBase === null ? 0 : opts.portBase + index;
  const child = spawn(
    process.execPath,
    [join(ROOT, 'scripts', 'run-built.mjs'), 'serve', '--data-dir', dataDir, '--port', String(port)],
    {
      cwd: ROOT,
      env: { ...process.env, TONTILL_DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'pipe', 'pipe'],
      // its own process group: a Ctrl-C reaches this script only, which stops the instances before the cluster
      detached: true,
    },
  );
  const exited = new Promise<number | NodeJS.Signals | null>((done) =>
    child.on('exit', (code, signal) => done(signal ?? code)),
  );
  let loginLink: string | null = null;
  const ready = new Promise<string>((done, fail) => {
    const onLine = (line: string) => {
      const running = RUNNING.exec(line);
      if (running) done(running[1]!);
      loginLink ??= LOGIN_LINK.exec(line)?.[1] ?? null;
    };
    prefixLines(child.stdout!, `[${index}] `, onLine);
    prefixLines(child.stderr!, `[${index}] `, onLine);
    void exited.then((how) => fail(new Error(`instance ${index} exited (${how}) before it was ready`)));
    setTimeout(
      () => fail(new Error(`instance ${index} was not ready after ${READY_TIMEOUT_MS / 1000} s`)),
      READY_TIMEOUT_MS,
    ).unref();
  });
  return { index, child, exited, ready, loginLink: () => loginLink };
}

async function stopInstance(instance: Instance): Promise<void> {
  const { child } = instance;
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await instance.exited;
  clearTimeout(timer);
}

function shutdown(opts: Options, state: { cluster: LocalPostgres | null; instances: Instance[] }) {
  let stopping: Promise<void> | undefined;
  return (why: string, exitCode: number): Promise<void> => {
    stopping ??= (async () => {
      console.log(`serve:pg: ${why}: stopping ${state.instances.length} instance(s), then PostgreSQL…`);
      await Promise.all(state.instances.map(stopInstance));
      await state.cluster
        ?.stop()
        .catch((err: unknown) => console.error(`serve:pg: stopping PostgreSQL: ${(err as Error).message}`));
      if (opts.ownDataDir) rmSync(opts.dataDir, { recursive: true, force: true });
      console.log('serve:pg: stopped');
      process.exit(exitCode);
    })();
    return stopping;
  };
}

async function main(): Promise<void> {
  const opts = options();
  const state: { cluster: LocalPostgres | null; instances: Instance[] } = { cluster: null, instances: [] };
  const stop = shutdown(opts, state);
  process.on('SIGINT', () => void stop('SIGINT', 0));
  process.on('SIGTERM', () => void stop('SIGTERM', 0));
  try {
    // Built once here: N instances each building a stale dist/ at once would overwrite each other.
    ensureBuilt(ROOT, ['server', 'web', 'console']);
    state.cluster = await startLocalPostgres({
      dir: join(opts.dataDir, 'postgres'),
      durable: true,
      log: (line) => console.log(`serve:pg: ${line}`),
    });
    await state.cluster.createDatabase(DATABASE);
  } catch (err) {
    console.error(`serve:pg: ${(err as Error).message}`);
    return stop('PostgreSQL could not start', 1);
  }
  const databaseUrl = state.cluster.url(DATABASE);
  console.log(`serve:pg: database ${databaseUrl}; starting ${opts.instances} instance(s) in ${opts.dataDir}`);
  for (let index = 0; index < opts.instances; index++) state.instances.push(startInstance(index, opts, databaseUrl));
  let urls: string[];
  try {
    urls = await Promise.all(state.instances.map((instance) => instance.ready));
  } catch (err) {
    console.error(`serve:pg: ${(err as Error).message}`);
    return stop('an instance failed to start', 1);
  }
  console.log(`\nserve:pg: ${opts.instances} instance(s) sharing ${databaseUrl}`);
  state.instances.forEach((instance, i) => {
    const link = instance.loginLink();
    console.log(`  [${instance.index}] ${urls[i]}${link ? `   console login: ${link}` : ''}`);
  });
  console.log('Press Ctrl+C to stop them all.');
  for (const instance of state.instances) {
    void instance.exited.then((how) => {
      console.log(`serve:pg: instance ${instance.index} exited (${how})`);
      if (state.instances.every((i) => i.child.exitCode !== null || i.child.signalCode !== null))
        void stop('every instance exited', 1);
    });
  }
}

main().catch((err: unknown) => {
  console.error(`serve:pg: ${(err as Error).message}`);
  process.exit(1);
});
