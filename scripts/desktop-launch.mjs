// What `npm start` decides, with every side effect a parameter so a test can point it at a fake
// electron package. electron 45 installs no binary at `npm ci`: its index.js downloads one on the
// first require('electron') by running the package's install.js. start.mjs never requires it
// (that would download with no time limit and no way to report why it failed), so it runs that
// installer itself, then launches, and falls back to the headless service only with a real reason.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** How many of the child's last stderr lines a fallback message quotes. */
const TAIL_LINES = 3;
/** A redraw of @electron/get's progress bar ("Downloading x.zip: [====    ] 45% ETA: 3 seconds"). */
const PROGRESS_BAR = /\[[= -]*\] *\d+%/;
/** How long a stopped installer may take to exit before it is killed outright. */
const KILL_GRACE_MS = 5_000;

/** Where electron's install.js unpacks the executable, relative to `dist/` (its getPlatformPath). */
export function platformExecutable(platform) {
  if (platform === 'darwin' || platform === 'mas') return 'Electron.app/Contents/MacOS/Electron';
  if (platform === 'win32') return 'electron.exe';
  return 'electron';
}

/**
 * The executable to launch, or null when the installer must run first: the same checks as the
 * installer's isInstalled() (dist/version matches the package, path.txt names this platform's
 * executable, and it exists), so a null here is exactly when install.js would download.
 */
export function installedBinary(packageDir, version, env, platform) {
  const executable = platformExecutable(env.ELECTRON_INSTALL_PLATFORM || env.npm_config_platform || platform);
  const read = (file) => {
    try {
      return readFileSync(join(packageDir, file), 'utf8');
    } catch {
      return null;
    }
  };
  // A dist of one's own, as electron's index.js allows: used as it is, never downloaded into.
  if (env.ELECTRON_OVERRIDE_DIST_PATH) return join(env.ELECTRON_OVERRIDE_DIST_PATH, read('path.txt') || executable);
  if (read('dist/version')?.replace(/^v/, '') !== version || read('path.txt') !== executable) return null;
  const binary = join(packageDir, 'dist', executable);
  return existsSync(binary) ? binary : null;
}

/** Where @electron/get keeps downloads (env-paths' cache folder for "electron"), for the download line. */
export function electronCacheDir(env, platform, home) {
  if (env.electron_config_cache) return env.electron_config_cache;
  if (platform === 'darwin') return join(home, 'Library', 'Caches', 'electron');
  if (platform === 'win32') return join(env.LOCALAPPDATA || join(home, 'AppData', 'Local'), 'electron', 'Cache');
  return join(env.XDG_CACHE_HOME || join(home, '.cache'), 'electron');
}

/**
 * The last lines of a child's stderr that say something: no blank lines, no terminal escapes or
 * progress-bar redraws, no "at …" stack frames (install.js prints err.stack; its message is the news).
 */
export function stderrTail(text, lines = TAIL_LINES) {
  return text
    .replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '')
    .split(/[\r\n]+/)
    .map((line) => line.trim())
    .filter((line) => line && !/^at /.test(line) && !PROGRESS_BAR.test(line))
    .slice(-lines)
    .join(' | ');
}

function describeExit(code, signal) {
  return signal ? `was killed by ${signal}` : `exited with code ${code}`;
}

/** Runs a child until it exits; Ctrl+C (and SIGTERM) reach it as before, and a forwarded signal is remembered. */
function runChild(o, command, args, options, onStart) {
  return new Promise((resolve) => {
    const child = o.spawn(command, args, options);
    let interrupted = false;
    const stopForwarding = o.onSignal((signal) => {
      interrupted = true;
      child.kill(signal);
    });
    onStart?.(child);
    const done = (result) => {
      stopForwarding();
      resolve({ ...result, interrupted });
    };
    child.on('error', (err) => done({ code: null, signal: null, error: err }));
    child.on('exit', (code, signal) => done({ code, signal, error: null }));
  });
}

/**
 * Electron's own installer, its progress on the terminal. Its stderr stays the terminal (the
 * progress bar draws only on a TTY); `stderr-tee.cjs`, preloaded into it, copies what it writes
 * there to a file, so a failure can quote it. Resolves with null, or why there is no binary.
 */
async function install(o, pkg) {
  const cache = electronCacheDir(o.env, o.platform, o.home);
  o.log(
    `Downloading Electron ${pkg.version} for ${o.platform}-${o.arch} (about 100 MB, once): cached in ${cache}, unpacked into ${join(pkg.dir, 'dist')}.`,
  );
  const teeFile = join(o.tmpDir, 'installer-stderr.txt');
  let timedOut = false;
  const timers = [];
  const result = await runChild(
    o,
    o.nodePath,
    ['--require', o.teePath, join(pkg.dir, 'install.js')],
    {
      stdio: 'inherit',
      env: { ...o.env, TONTILL_STDERR_TEE: teeFile },
    },
    (child) => {
      timers.push(
        setTimeout(() => {
          timedOut = true;
          child.kill('SIGTERM');
          timers.push(setTimeout(() => child.kill('SIGKILL'), KILL_GRACE_MS));
        }, o.installTimeoutMs),
      );
    },
  );
  for (const timer of timers) clearTimeout(timer);
  if (result.interrupted) return { interrupted: true };
  if (result.error) return { reason: `Electron's installer could not start (${result.error.message})` };
  if (timedOut)
    return { reason: `Electron's installer did not finish within ${o.installTimeoutMs / 1000} s and was stopped` };
  if (result.code !== 0) {
    const said = existsSync(teeFile) ? stderrTail(readFileSync(teeFile, 'utf8')) : '';
    return { reason: `Electron's installer ${describeExit(result.code, result.signal)}${said ? `: ${said}` : ''}` };
  }
  return null;
}

/** Electron's binary, downloaded first if needed; or why the desktop app cannot start here. */
async function findOrInstall(o) {
  if (!o.packageDir) return { reason: 'the electron package is not installed (run npm ci)' };
  const pkg = {
    dir: o.packageDir,
    version: JSON.parse(readFileSync(join(o.packageDir, 'package.json'), 'utf8')).version,
  };
  // Checked before the download: ~100 MB for a machine that could not show the window anyway.
  if (o.platform === 'linux' && !o.env.DISPLAY && !o.env.WAYLAND_DISPLAY)
    return { reason: 'there is no display (neither DISPLAY nor WAYLAND_DISPLAY is set)' };
  let binary = installedBinary(pkg.dir, pkg.version, o.env, o.platform);
  if (!binary) {
    const failed = await install(o, pkg);
    if (failed) return failed;
    binary = installedBinary(pkg.dir, pkg.version, o.env, o.platform);
    if (!binary)
      return {
        reason: `Electron's installer finished, but ${join(pkg.dir, 'path.txt')} names no executable for ${o.platform} in ${join(pkg.dir, 'dist')}`,
      };
  }
  if (!existsSync(binary)) return { reason: `${binary} does not exist (ELECTRON_OVERRIDE_DIST_PATH)` };
  return { binary };
}

/**
 * Launches Electron on the desktop entry. It tells us it is up by creating the file
 * TONTILL_DESKTOP_READY_FILE names (main/index.ts, once the service runs and the window is
 * loading); a crash before that is a failed start. Its stderr is echoed as it comes and its last
 * lines kept for that message.
 */
async function launchElectron(o, binary) {
  const readyFile = join(o.tmpDir, 'desktop-ready');
  let stderr = '';
  const result = await runChild(
    o,
    binary,
    [o.entry, ...o.args],
    {
      stdio: ['inherit', 'inherit', 'pipe'],
      env: { ...o.env, TONTILL_DESKTOP_READY_FILE: readyFile },
    },
    (child) =>
      child.stderr.on('data', (chunk) => {
        o.errorOutput(chunk);
        stderr = (stderr + chunk.toString()).slice(-8_192);
      }),
  );
  if (result.error) return { reason: `the desktop app could not start (${result.error.message})` };
  const crashed = result.code !== 0 || result.signal !== null;
  if (crashed && !result.interrupted && !existsSync(readyFile)) {
    const said = stderrTail(stderr);
    return { reason: `the desktop app ${describeExit(result.code, result.signal)} at start${said ? `: ${said}` : ''}` };
  }
  return { exitCode: result.code ?? 1 };
}

/**
 * `npm start`. Resolves with Electron's exit code to pass on, or with undefined once the headless
 * service runs (which keeps the process alive).
 * @param {object} o
 * @param {string | null} o.packageDir the electron package's folder; null when it is not installed
 * @param {string} o.entry the desktop bundle Electron runs (dist/desktop/main.cjs)
 * @param {string[]} o.args npm start's own arguments, passed on
 * @param {NodeJS.ProcessEnv} o.env
 * @param {NodeJS.Platform} o.platform
 * @param {string} o.arch
 * @param {string} o.home the user's home folder (where the download cache is)
 * @param {string} o.nodePath node, to run the installer with
 * @param {string} o.teePath scripts/stderr-tee.cjs
 * @param {string} o.tmpDir a private folder for the ready file and the installer's stderr copy
 * @param {number} o.installTimeoutMs how long the download may take before it is stopped
 * @param {typeof import('node:child_process').spawn} o.spawn
 * @param {(forward: (signal: NodeJS.Signals) => void) => () => void} o.onSignal forwards Ctrl+C; returns the undo
 * @param {() => string | null} o.build builds the desktop app: null, or why it did not build
 * @param {() => Promise<void>} o.headless starts the service headless
 * @param {(line: string) => void} o.log
 * @param {(chunk: Buffer) => void} o.errorOutput where Electron's stderr is echoed
 */
export async function startDesktop(o) {
  let outcome = await findOrInstall(o);
  if (outcome.interrupted) return 1;
  if (outcome.binary) {
    const failed = o.build();
    outcome = failed ? { reason: failed } : await launchElectron(o, outcome.binary);
  }
  if (outcome.exitCode !== undefined) return outcome.exitCode;
  o.log(`Desktop app unavailable: ${outcome.reason}. Starting the service and console headless instead.`);
  await o.headless();
  return undefined;
}
