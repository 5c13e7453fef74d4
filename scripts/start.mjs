// `npm start`: the desktop app where Electron can run (downloading its binary first, once); elsewhere
// the same service and console headless, with a login link and the reason. Plain JS so it runs
// before anything is built; the decisions are in desktop-launch.mjs, this file only wires them.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { arch, homedir, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt } from './build-freshness.mjs';
import { startDesktop } from './desktop-launch.mjs';
import { runBuilt } from './run-built.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const INSTALL_TIMEOUT_MS = 10 * 60_000;

/** The electron package's folder; TONTILL_ELECTRON_PACKAGE points tests at a fake one. */
function electronPackage() {
  if (process.env.TONTILL_ELECTRON_PACKAGE) return resolve(process.env.TONTILL_ELECTRON_PACKAGE);
  try {
    return dirname(require.resolve('electron/package.json'));
  } catch {
    return null;
  }
}

/** The shell, the console and the pages it shows, rebuilt if their sources changed, so the app never runs stale code. */
function buildDesktopApp() {
  try {
    ensureBuilt(root, ['web', 'console', 'desktop']);
    return null;
  } catch (err) {
    return `the desktop app did not build (${err.message})`;
  }
}

function onSignal(forward) {
  const handlers = ['SIGINT', 'SIGTERM'].map((signal) => [signal, () => forward(signal)]);
  for (const [signal, handler] of handlers) process.on(signal, handler);
  return () => {
    for (const [signal, handler] of handlers) process.off(signal, handler);
  };
}

const tmpDir = mkdtempSync(join(tmpdir(), 'tontill-start-'));
let exitCode;
try {
  exitCode = await startDesktop({
    packageDir: electronPackage(),
    entry: join(root, 'dist', 'desktop', 'main.cjs'),
    args: process.argv.slice(2),
    env: process.env,
    platform: process.platform,
    arch: arch(),
    home: homedir(),
    nodePath: process.execPath,
    teePath: join(root, 'scripts', 'stderr-tee.cjs'),
    tmpDir,
    installTimeoutMs: Number(process.env.TONTILL_ELECTRON_INSTALL_TIMEOUT_MS) || INSTALL_TIMEOUT_MS,
    spawn: (command, args, options) => spawn(command, args, { cwd: root, ...options }),
    onSignal,
    build: buildDesktopApp,
    headless: () => runBuilt('serve', process.argv.slice(2)),
    log: (line) => console.log(line),
    errorOutput: (chunk) => process.stderr.write(chunk),
  });
} finally {
  rmSync(tmpDir, { recursive: true, force: true });
}
if (exitCode !== undefined) process.exit(exitCode);
