import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { TEST_ENGINE, testDatabaseUrl } from './test-database';

const ROOT = join(import.meta.dirname, '..', '..');

export interface ServiceProcess {
  child: ChildProcess;
  url: string;
  consoleToken: string;
  output: () => string;
  /** resolves with the signal or exit code once the process is gone */
  exited: Promise<NodeJS.Signals | number | null>;
}

/** node's arguments for `npm run <entry> -- <args>`: the built CLI, rebuilt first if its sources changed. */
export function cliArgs(entry: string, args: string[]): string[] {
  return [join(ROOT, 'scripts', 'run-built.mjs'), entry, ...args];
}

export interface CliRun {
  code: number | null;
  /** everything it printed, stdout and stderr as they came */
  out: string;
  /** the last line printed (a secret shown once stands alone there) */
  lastLine: string;
}

/** `npm run <entry> -- <args>` as a merchant's shell runs it: a separate process; its exit code and what it printed. */
export function runCli(entry: string, args: string[]): Promise<CliRun> {
  const child = spawn(process.execPath, cliArgs(entry, args), { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  return new Promise((resolve) =>
    child.on('exit', (code) => resolve({ code, out, lastLine: out.trim().split('\n').at(-1) ?? '' })),
  );
}

/** Writes `<dataDir>/config.json`, read by the service at start like a merchant's own config. */
export function writeServiceConfig(dataDir: string, config: object): void {
  writeFileSync(join(dataDir, 'config.json'), JSON.stringify(config));
}

/** Runs `npm run serve` as a real child process (so it can really be SIGKILLed) and waits until it listens. */
export async function spawnService(dataDir: string, env: Record<string, string> = {}): Promise<ServiceProcess> {
  // the postgres project runs the same service on this data directory's own database, unless told which (a shared ledger)
  const ownDatabase = TEST_ENGINE === 'postgres' && env.TONTILL_DATABASE_URL === undefined;
  const database: Record<string, string> = ownDatabase ? { TONTILL_DATABASE_URL: await testDatabaseUrl(dataDir) } : {};
  const child = spawn(process.execPath, cliArgs('serve', ['--data-dir', dataDir, '--port', '0']), {
    cwd: ROOT,
    env: { ...process.env, ...database, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.on('exit', (code, signal) => resolve(signal ?? code)),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const check = () => {
      const match = /TonTill is running on the \w+ chain at (http:\/\/\S+)/.exec(output);
      if (match) return resolve(match[1]!);
      return undefined;
    };
    child.stdout!.on('data', check);
    void exited.then((how) => reject(new Error(`service exited (${how}) before listening:\n${output}`)));
  });
  const { consoleToken } = JSON.parse(readFileSync(join(dataDir, 'service.json'), 'utf8')) as { consoleToken: string };
  return { child, url, consoleToken, output: () => output, exited };
}

export async function stopService(service: ServiceProcess): Promise<void> {
  if (service.child.exitCode === null && service.child.signalCode === null) service.child.kill('SIGTERM');
  await service.exited;
}
