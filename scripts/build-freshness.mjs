// What is built from what, and whether a build is stale. A build is redone only when the content of
// its sources changed since it was made (not their mtimes: a checkout or a copy touches mtimes
// without changing anything), or when an output is missing. Plain JS: it runs before anything is
// built, at every `npm start` and `npm run serve`, so it must cost milliseconds.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The service's command-line entry points: server/cli/<name>.ts -> dist/server/<name>.js */
export const SERVER_ENTRIES = ['serve', 'keys', 'webhooks', 'simulate', 'console'];

const TSX = ['--import', 'tsx'];

/** @param {string} root */
function viteBin(root) {
  const pkg = createRequire(join(root, 'package.json')).resolve('vite/package.json');
  return join(dirname(pkg), JSON.parse(readFileSync(pkg, 'utf8')).bin.vite);
}

/**
 * Every build the service needs at run time. `inputs` are files or folders (relative to the
 * repository) whose content decides the output; `outputs` must all exist; `stamp` records the
 * fingerprint of the inputs the outputs were built from; `command` gives node's arguments.
 * @type {Record<string, import('./build-freshness.d.mts').BuildTarget>}
 */
export const BUILDS = {
  server: {
    inputs: [
      'server',
      'contract',
      'package-lock.json',
      'scripts/build-server.ts',
      'scripts/server-runtime-files.ts',
      'scripts/build-freshness.mjs',
    ],
    outputs: [
      ...SERVER_ENTRIES.map((name) => `dist/server/${name}.js`),
      'dist/server/contracts/compiled.json',
      'dist/server/emulator-emscripten.wasm.cjs',
    ],
    stamp: 'dist/server/build-stamp.json',
    command: () => [...TSX, 'scripts/build-server.ts'],
  },
  web: {
    inputs: [
      'checkout',
      'widget/src',
      'widget/demo',
      'widget/package.json',
      'widget/README.md',
      'package-lock.json',
      'scripts/build-web.ts',
      'scripts/docs-bundle.ts',
      'scripts/widget-docs.ts',
      'scripts/widget-package.ts',
    ],
    outputs: ['dist/web/manifest.json', 'widget/dist/index.js'],
    stamp: 'dist/web/build-stamp.json',
    command: () => [...TSX, 'scripts/build-web.ts'],
  },
  console: {
    inputs: ['renderer', 'preload/contract.ts', 'package-lock.json'],
    outputs: ['dist/console/index.html'],
    stamp: 'dist/console/build-stamp.json',
    command: (root) => [viteBin(root), 'build', '-c', 'renderer/vite.config.ts', '--logLevel', 'warn'],
  },
  desktop: {
    inputs: [
      'main',
      'preload',
      'server',
      'contract',
      'package-lock.json',
      'scripts/build-desktop.ts',
      'scripts/build-server.ts',
      'scripts/server-runtime-files.ts',
    ],
    outputs: ['dist/desktop/main.cjs', 'dist/desktop/preload.cjs', 'dist/desktop/emulator-emscripten.wasm.cjs'],
    stamp: 'dist/desktop/build-stamp.json',
    command: () => [...TSX, 'scripts/build-desktop.ts'],
  },
};

/**
 * @param {string} root
 * @param {string} rel
 * @param {string[]} into
 */
function listFiles(root, rel, into) {
  let entries;
  try {
    entries = readdirSync(join(root, rel), { withFileTypes: true });
  } catch (err) {
    if (err.code === 'ENOTDIR') into.push(rel);
    else if (err.code !== 'ENOENT') throw err;
    return;
  }
  for (const entry of entries) {
    const child = `${rel}/${entry.name}`;
    if (entry.isDirectory()) listFiles(root, child, into);
    else if (entry.isFile()) into.push(child);
  }
}

/**
 * @param {string} root
 * @param {string[]} inputs
 */
function sourceFiles(root, inputs) {
  const files = [];
  for (const input of inputs) listFiles(root, input, files);
  return files.sort();
}

/**
 * One hash over the names and contents of every file under `inputs`: any edit, addition, removal
 * or rename changes it.
 * @param {string} root
 * @param {string[]} inputs
 */
export function fingerprint(root, inputs) {
  const hash = createHash('sha256');
  for (const file of sourceFiles(root, inputs)) {
    const content = readFileSync(join(root, file));
    hash.update(`${file}\0${content.length}\0`).update(content);
  }
  return hash.digest('hex');
}

/**
 * One hash over the names, sizes and mtimes of the files: when it matches the stamp's, the
 * contents are taken as unchanged without reading them (a start then costs a few stats).
 * @param {string} root
 * @param {string[]} inputs
 */
function statsKey(root, inputs) {
  const hash = createHash('sha256');
  for (const file of sourceFiles(root, inputs)) {
    const { size, mtimeMs } = statSync(join(root, file));
    hash.update(`${file}\0${size}\0${mtimeMs}\n`);
  }
  return hash.digest('hex');
}

/**
 * Whether `target` must be built: `stale` says why, or is null. Sources whose names, sizes and
 * mtimes match the stamp's are unchanged; otherwise their content decides, so a touch or a
 * checkout of the same content builds nothing (`restamp` then records their new mtimes).
 * @param {string} root
 * @param {Pick<import('./build-freshness.d.mts').BuildTarget, 'inputs' | 'outputs' | 'stamp'>} target
 * @returns {{ stale: string | null, restamp: { fingerprint: string, stats: string } | null }}
 */
export function freshness(root, target) {
  const missing = target.outputs.find((file) => !existsSync(join(root, file)));
  if (missing) return { stale: `${missing} is missing`, restamp: null };
  let recorded;
  try {
    recorded = JSON.parse(readFileSync(join(root, target.stamp), 'utf8'));
  } catch {
    return { stale: 'it was not built by this script', restamp: null };
  }
  const stats = statsKey(root, target.inputs);
  if (recorded.stats === stats) return { stale: null, restamp: null };
  const current = { fingerprint: fingerprint(root, target.inputs), stats };
  return current.fingerprint === recorded.fingerprint
    ? { stale: null, restamp: current }
    : { stale: 'its sources changed', restamp: null };
}

/**
 * Why `target` must be built, or null when every output is there and was built from the sources
 * as they are now.
 * @param {string} root
 * @param {Pick<import('./build-freshness.d.mts').BuildTarget, 'inputs' | 'outputs' | 'stamp'>} target
 * @returns {string | null}
 */
export function whyStale(root, target) {
  return freshness(root, target).stale;
}

/**
 * @param {string} root
 * @param {import('./build-freshness.d.mts').BuildTarget} target
 * @param {{ fingerprint: string, stats: string }} stamp
 */
export function writeStamp(root, target, stamp) {
  const file = join(root, target.stamp);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(`${file}.${process.pid}.tmp`, `${JSON.stringify(stamp)}\n`);
  renameSync(`${file}.${process.pid}.tmp`, file);
}

const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** @param {number} pid */
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

/**
 * Runs `job` while holding `file`, so parallel starts (tests, a till and a terminal) never build
 * into the same folder at once. A lock left by a dead process is taken over.
 * @template T
 * @param {string} file
 * @param {() => T} job
 * @returns {T}
 */
function withLock(file, job) {
  mkdirSync(dirname(file), { recursive: true });
  for (;;) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      break;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
    }
    const holder = Number(readFileSync(file, 'utf8').trim() || '0');
    // an empty file is a lock being written this very moment
    if (holder && !alive(holder)) rmSync(file, { force: true });
    else sleep(100);
  }
  try {
    return job();
  } finally {
    rmSync(file, { force: true });
  }
}

/**
 * Builds each named target that is stale, one after the other; build output goes to stderr so a
 * command's own stdout stays clean. Throws if a build fails.
 * @param {string} root
 * @param {string[]} names
 */
export function ensureBuilt(root, names) {
  for (const name of names) {
    const target = BUILDS[name];
    if (!target) throw new Error(`no build named ${name}`);
    const { stale, restamp } = freshness(root, target);
    if (stale === null) {
      if (restamp) writeStamp(root, target, restamp);
      continue;
    }
    withLock(join(root, 'dist', `.build-${name}.lock`), () => build(root, name, target));
  }
}

/**
 * @param {string} root
 * @param {string} name
 * @param {import('./build-freshness.d.mts').BuildTarget} target
 */
function build(root, name, target) {
  const reason = whyStale(root, target);
  if (reason === null) return; // another process built it while this one waited for the lock
  process.stderr.write(`tontill: building ${name} (${reason})…\n`);
  // Taken before building: a source edited during the build makes the next start build again.
  const sources = { fingerprint: fingerprint(root, target.inputs), stats: statsKey(root, target.inputs) };
  const result = spawnSync(process.execPath, target.command(root), { cwd: root, stdio: ['ignore', 2, 2] });
  if (result.status !== 0)
    throw new Error(`building ${name} failed (${result.error?.message ?? `exit ${result.status ?? result.signal}`})`);
  writeStamp(root, target, sources);
}
