// A throwaway PostgreSQL cluster of our own (initdb + pg_ctl), for the tests' postgres project, the bench
// and `npm run serve:pg`: never a system cluster, so nothing here depends on how the machine was set up
// beyond the binaries being installed. It listens on 127.0.0.1 only, trusts every local connection, and
// its whole directory is removed by stop().
import { execFile, execFileSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  appendFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { delimiter, dirname, join, resolve } from 'node:path';
import pg from 'pg';

export interface LocalPostgresOptions {
  /** created if missing; the cluster lives in `<dir>/data`, its log in `<dir>/postgres.log` */
  dir: string;
  /** false (tests): fsync and friends off, a crash may lose the cluster; true: PostgreSQL's defaults */
  durable?: boolean;
  maxConnections?: number;
  log?: (line: string) => void;
}

export interface LocalPostgres {
  port: number;
  /** postgres://postgres@127.0.0.1:PORT/<database> */
  url(database: string): string;
  createDatabase(name: string, template?: string): Promise<void>;
  dropDatabase(name: string): Promise<void>;
  /** stops the server (fast: open sessions are cut) and removes `dir` */
  stop(): Promise<void>;
}

export class PostgresNotInstalledError extends Error {
  constructor() {
    super(
      'PostgreSQL is not installed: initdb and pg_ctl are neither on PATH nor in /usr/lib/postgresql/*/bin ' +
        '(Debian/Ubuntu: apt-get install postgresql)',
    );
    this.name = 'PostgresNotInstalledError';
  }
}

const INSTALL_ROOT = '/usr/lib/postgresql';
/** sun_path is 108 bytes with its NUL; PostgreSQL names the socket `.s.PGSQL.<port>` inside the directory */
const SOCKET_PATH_LIMIT = 107;
const PORT_ATTEMPTS = 5;
/** where a socket goes when `dir` is too deep for one */
const SOCKET_DIR_PREFIX = '/tmp/pg-';

/** The folder holding initdb and pg_ctl: PATH first (what the user chose), then the newest Debian install. */
export function findPostgresBin(): string {
  const hasBoth = (dir: string) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl'));
  const onPath = (process.env.PATH ?? '').split(delimiter).filter(Boolean).find(hasBoth);
  if (onPath) return onPath;
  const versions = existsSync(INSTALL_ROOT)
    ? readdirSync(INSTALL_ROOT)
        .filter((v) => /^\d+(\.\d+)?$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const installed = versions.map((v) => join(INSTALL_ROOT, v, 'bin')).find(hasBoth);
  if (!installed) throw new PostgresNotInstalledError();
  return installed;
}

/** postgres refuses to run as root, so root runs the binaries as the `postgres` OS user. */
interface RunAs {
  uid: number;
  gid: number;
}

function postgresUser(): RunAs | null {
  if (process.getuid?.() !== 0) return null;
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  const [, , uid, gid] = line?.split(':') ?? [];
  if (uid === undefined || gid === undefined) {
    throw new Error(
      'running as root, PostgreSQL must run as the `postgres` OS user, which does not exist ' +
        '(apt-get install postgresql creates it, or: useradd --system postgres)',
    );
  }
  return { uid: Number(uid), gid: Number(gid) };
}

function asPostgres(runAs: RunAs | null, file: string, args: string[]): [string, string[]] {
  return runAs ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
}

function run(runAs: RunAs | null, file: string, args: string[], cwd: string): Promise<string> {
  const [command, argv] = asPostgres(runAs, file, args);
  return new Promise((done, fail) => {
    execFile(command, argv, { cwd, encoding: 'utf8' }, (err, stdout, stderr) => {
      if (err)
        fail(
          new Error(`${file.split('/').pop()} ${args[0] ?? ''} failed: ${(stderr || stdout || err.message).trim()}`),
        );
      else done(stdout);
    });
  });
}

/** Every ancestor of `dir` must be traversable by the postgres user (mkdtemp makes 0700 folders). */
function openPathTo(dir: string, runAs: RunAs, log: (line: string) => void): void {
  for (let parent = dirname(dir); parent !== dirname(parent); parent = dirname(parent)) {
    const { mode, uid } = statSync(parent);
    if ((mode & 0o001) !== 0 || uid === runAs.uid) continue;
    chmodSync(parent, (mode & 0o7777) | 0o011);
    log(`postgres: made ${parent} traversable (o+x) so the postgres user reaches its cluster`);
  }
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });
}

function settings(options: LocalPostgresOptions, socketDir: string): string {
  const lines = [
    "listen_addresses = '127.0.0.1'",
    `unix_socket_directories = '${socketDir.replace(/'/g, "''")}'`,
    `max_connections = ${options.maxConnections ?? 200}`,
  ];
  // A test cluster is thrown away with its run: crash safety only costs time there.
  if (!options.durable) lines.push('fsync = off', 'synchronous_commit = off', 'full_page_writes = off');
  return `\n# scripts/local-postgres.ts\n${lines.join('\n')}\n`;
}

/** The socket goes in `dir` unless that path is too long for a unix socket; then in a short temp folder. */
function socketDirFor(dir: string): { path: string; own: boolean } {
  if (Buffer.byteLength(join(dir, '.s.PGSQL.65535')) <= SOCKET_PATH_LIMIT) return { path: dir, own: false };
  return { path: mkdtempSync(SOCKET_DIR_PREFIX), own: true };
}

export async function startLocalPostgres(options: LocalPostgresOptions): Promise<LocalPostgres> {
  const log = options.log ?? (() => undefined);
  const bin = findPostgresBin();
  const runAs = postgresUser();
  const dir = resolve(options.dir);
  const data = join(dir, 'data');
  if (existsSync(data))
    throw new Error(
      `${data} already exists: a cluster from an earlier run? stop it (pg_ctl stop -D ${data}) and remove ${dir}`,
    );
  mkdirSync(dir, { recursive: true });
  const socket = socketDirFor(dir);
  if (runAs) {
    for (const owned of [dir, ...(socket.own ? [socket.path] : [])]) chownSync(owned, runAs.uid, runAs.gid);
    openPathTo(dir, runAs, log);
  }
  const removeAll = () => {
    rmSync(dir, { recursive: true, force: true });
    if (socket.own) rmSync(socket.path, { recursive: true, force: true });
  };
  try {
    const started = Date.now();
    await run(
      runAs,
      join(bin, 'initdb'),
      [
        '-D',
        data,
        '-U',
        'postgres',
        '--auth=trust',
        '-E',
        'UTF8',
        '--locale=C',
        ...(options.durable ? [] : ['--no-sync']),
      ],
      dir,
    );
    appendFileSync(join(data, 'postgresql.conf'), settings(options, socket.path));
    log(`postgres: initdb in ${Date.now() - started} ms (${bin})`);
    const port = await startOnFreePort(runAs, bin, dir, log);
    return handle(port, runAs, bin, dir, removeAll);
  } catch (err) {
    // pg_ctl -w may give up on a server that is still starting: make sure none outlives its folder.
    if (existsSync(join(data, 'postmaster.pid'))) {
      await run(runAs, join(bin, 'pg_ctl'), ['stop', '-w', '-D', data, '-m', 'immediate'], dir).catch(() => undefined);
    }
    removeAll();
    throw err;
  }
}

async function startOnFreePort(
  runAs: RunAs | null,
  bin: string,
  dir: string,
  log: (line: string) => void,
): Promise<number> {
  const logFile = join(dir, 'postgres.log');
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const started = Date.now();
    const logSize = existsSync(logFile) ? statSync(logFile).size : 0;
    try {
      // -p is a number, the only thing passed through pg_ctl's shell; the rest is in postgresql.conf.
      await run(
        runAs,
        join(bin, 'pg_ctl'),
        ['start', '-w', '-t', '60', '-D', join(dir, 'data'), '-l', logFile, '-o', `-p ${port}`],
        dir,
      );
      log(`postgres: listening on 127.0.0.1:${port} (started in ${Date.now() - started} ms)`);
      return port;
    } catch (err) {
      const serverLog = existsSync(logFile) ? readFileSync(logFile).subarray(logSize).toString('utf8') : '';
      // Another process took the port between our probe and the server's bind: try another one.
      if (/could not bind|address already in use/i.test(serverLog) && attempt < PORT_ATTEMPTS) {
        log(`postgres: port ${port} was taken, trying another`);
        continue;
      }
      throw new Error(
        `PostgreSQL did not start: ${(err as Error).message}\n${serverLog.trim().split('\n').slice(-15).join('\n')}`,
      );
    }
  }
}

function handle(port: number, runAs: RunAs | null, bin: string, dir: string, removeAll: () => void): LocalPostgres {
  const url = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  let stopped: Promise<void> | undefined;
  return {
    port,
    url,
    createDatabase: (name, template) => createDatabase(url('postgres'), name, template),
    dropDatabase: (name) => dropDatabase(url('postgres'), name),
    stop: () => {
      stopped ??= run(runAs, join(bin, 'pg_ctl'), ['stop', '-w', '-D', join(dir, 'data'), '-m', 'fast'], dir)
        .then(() => undefined)
        .finally(removeAll);
      return stopped;
    },
  };
}

/**
 * Stops the cluster in `dir` (as startLocalPostgres laid it out) if its server is still up, at once
 * (`-m immediate`: its owner is gone, nothing there is worth a clean shutdown), and removes `dir`
 * and the socket folder it may have had outside it. Synchronous, so that it can run in an 'exit'
 * handler; a cluster that is already down, or a `dir` without one, is only removed.
 */
export function stopLeftoverCluster(dir: string): void {
  const data = join(resolve(dir), 'data');
  const pidFile = join(data, 'postmaster.pid');
  if (existsSync(pidFile)) {
    // postmaster.pid: pid, data directory, start time, port, socket directory, ...
    const socketDir = readFileSync(pidFile, 'utf8').split('\n')[4]?.trim();
    try {
      const [command, argv] = asPostgres(postgresUser(), join(findPostgresBin(), 'pg_ctl'), [
        'stop',
        '-w',
        '-D',
        data,
        '-m',
        'immediate',
      ]);
      execFileSync(command, argv, { cwd: dir, stdio: 'ignore' });
    } catch {
      // a stale pid file (the server died with its run): nothing to stop
    }
    if (socketDir?.startsWith(SOCKET_DIR_PREFIX)) rmSync(socketDir, { recursive: true, force: true });
  }
  rmSync(dir, { recursive: true, force: true });
}

/** A database name, checked, since it is spliced into SQL (identifiers cannot be parameters). */
function identifier(name: string): string {
  if (!/^[a-z0-9_]+$/.test(name) || name.length > 63)
    throw new Error(`invalid database name ${JSON.stringify(name)}: use a-z, 0-9 and _ (63 at most)`);
  return `"${name}"`;
}

async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl, application_name: 'tontill-local-postgres' });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** CREATE DATABASE through `adminUrl` (any database of the cluster, usually `postgres`). */
export async function createDatabase(adminUrl: string, name: string, template?: string): Promise<void> {
  const sql = `CREATE DATABASE ${identifier(name)}${template === undefined ? '' : ` TEMPLATE ${identifier(template)}`}`;
  await withAdmin(adminUrl, (client) => client.query(sql));
}

/** DROP DATABASE … WITH (FORCE): sessions still connected (a service a test forgot) are cut. */
export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await withAdmin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${identifier(name)} WITH (FORCE)`));
}
