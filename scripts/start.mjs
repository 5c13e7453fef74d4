// `npm start`: the desktop app where Electron can run; elsewhere the same service and console
// headless, with a login link. Plain JS so it runs before anything is built.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

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

/** Bundles main/ and preload/ (a few seconds with esbuild), so the app never runs a stale shell. */
function buildDesktopShell() {
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'scripts', 'build-desktop.ts')], { cwd: root, encoding: 'utf8' });
  if (result.status === 0 && existsSync(desktopEntry)) return null;
  const detail = (result.stderr || result.stdout || String(result.error ?? '')).trim().split('\n')[0];
  return `the desktop shell did not build (${detail || `exit ${result.status}`})`;
}

/** Electron's binary, or why the desktop shell cannot start here. */
function desktop() {
  const found = electronBinary();
  if (!found.binary) return found;
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) return { reason: 'there is no display' };
  const failed = buildDesktopShell();
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
  run(process.execPath, ['--import', 'tsx', join(root, 'server', 'cli', 'serve.ts'), ...process.argv.slice(2)]);
} else {
  run(binary, [desktopEntry, ...process.argv.slice(2)]);
}
