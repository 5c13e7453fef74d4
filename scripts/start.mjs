// `npm start`: the desktop app where Electron can run; elsewhere the same service and console
// headless, with a login link. Plain JS so it runs before anything is built; what it runs is
// built only when its sources changed since the last start.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt } from './build-freshness.mjs';
import { runBuilt } from './run-built.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const desktopEntry = join(root, 'dist', 'desktop', 'main.cjs');

/**
 * The Electron binary, or why there is none. Found the way electron's index.js finds it, but
 * without requiring that file: when the binary is missing it starts a download (a network call
 * and a stack trace on every start here) instead of just saying so.
 */
function electronBinary() {
  const missing = { reason: 'the Electron binary is not installed (it downloads from GitHub, which this machine cannot reach)' };
  let packageDir;
  try {
    packageDir = dirname(require.resolve('electron/package.json'));
  } catch {
    return { reason: 'the electron package is not installed (npm ci)' };
  }
  const pathFile = join(packageDir, 'path.txt');
  const executable = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : '';
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  if (!executable && !override) return missing;
  const binary = override ? join(override, executable || 'electron') : join(packageDir, 'dist', executable);
  return existsSync(binary) ? { binary } : missing;
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

/** Electron's binary, or why the desktop shell cannot start here. */
function desktop() {
  const found = electronBinary();
  if (!found.binary) return found;
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) return { reason: 'there is no display' };
  const failed = buildDesktopApp();
  return failed ? { reason: failed } : found;
}

function run(command, args) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

const { binary, reason } = desktop();
if (reason) {
  console.log(`Desktop app unavailable: ${reason}. Starting the service and console headless instead.`);
  await runBuilt('serve', process.argv.slice(2));
} else {
  run(binary, [desktopEntry, ...process.argv.slice(2)]);
}
