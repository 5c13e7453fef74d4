// `npm start` run for real (node scripts/start.mjs, as npm runs it) against fake electron packages
// (TONTILL_ELECTRON_PACKAGE): an install.js like electron's own, and a stub executable in place of
// Electron's binary, which cannot be downloaded on this machine. Each test asserts what it prints
// and what it runs; a fallback starts the real headless service, which the test then stops.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../../scripts/build-freshness.mjs';
import { tempDir } from '../helpers/test-app';

const ROOT = join(import.meta.dirname, '..', '..');
const ENTRY = join(ROOT, 'dist', 'desktop', 'main.cjs');
const HEADLESS =
  /TonTill is running on the sandbox chain at http:\/\/\S+\n\s+Console:\s+http:\/\/\S+\/console\/login\?token=/;
const dir = tempDir('tontill-start-');
const running: StartRun[] = [];
let nextId = 0;

interface StartRun {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | NodeJS.Signals | null>;
}

interface FakePackage {
  dir: string;
  /** where the stub binary records its argv and an env marker */
  record: string;
  /** created by the installer when it runs */
  installerRan: string;
}

/** A stub for Electron's binary: records how it was run, then does what `body` says. */
function stubBinary(record: string, body: string): string {
  return `#!/bin/sh\nprintf '%s\\n' "$@" > '${record}'\nprintf 'marker=%s\\n' "$TONTILL_TEST_MARKER" >> '${record}'\n${body}\n`;
}

/** Writes what electron's install.js leaves behind: dist/<exe>, dist/version, path.txt. */
function installedFiles(stub: string): string {
  return `fs.mkdirSync(path.join(__dirname, 'dist'), { recursive: true });
fs.writeFileSync(path.join(__dirname, 'dist', 'electron'), ${JSON.stringify(stub)}, { mode: 0o755 });
fs.writeFileSync(path.join(__dirname, 'dist', 'version'), 'v1.2.3');
fs.writeFileSync(path.join(__dirname, 'path.txt'), 'electron');`;
}

/** A fake electron package (version 1.2.3) whose install.js runs `installer` after noting that it ran. */
function fakePackage(installer: (pkg: FakePackage) => string): FakePackage {
  const root = join(dir.path, `electron-${nextId++}`);
  mkdirSync(root);
  const pkg = { dir: root, record: join(root, 'stub-record.txt'), installerRan: join(root, 'installer-ran') };
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'electron', version: '1.2.3' }));
  writeFileSync(
    join(root, 'install.js'),
    `const fs = require('fs');\nconst path = require('path');\nfs.writeFileSync(${JSON.stringify(pkg.installerRan)}, String(process.pid));\n${installer(pkg)}\n`,
  );
  return pkg;
}

/** `npm start -- <args>` with the fake package, a fake display unless told otherwise, and a temp download cache. */
function runStart(
  pkg: FakePackage,
  options: { args?: string[]; env?: Record<string, string>; display?: boolean } = {},
): StartRun {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    TONTILL_ELECTRON_PACKAGE: pkg.dir,
    electron_config_cache: join(dir.path, 'cache'),
    TONTILL_TEST_MARKER: 'from-start',
    ...options.env,
  };
  delete env.ELECTRON_OVERRIDE_DIST_PATH;
  delete env.WAYLAND_DISPLAY;
  if (options.display === false) delete env.DISPLAY;
  else env.DISPLAY = ':99';
  const child = spawn(process.execPath, [join(ROOT, 'scripts', 'start.mjs'), ...(options.args ?? [])], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) =>
    child.on('exit', (code, signal) => resolve(signal ?? code)),
  );
  const run = { child, output: () => output, exited };
  running.push(run);
  return run;
}

/** Resolves once the output matches; fails if the process exits first. */
function printed(run: StartRun, pattern: RegExp): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (pattern.test(run.output())) resolve();
    };
    run.child.stdout!.on('data', check);
    run.child.stderr!.on('data', check);
    check();
    void run.exited.then((how) =>
      pattern.test(run.output())
        ? resolve()
        : reject(new Error(`npm start exited (${how}) without printing ${pattern}:\n${run.output()}`)),
    );
  });
}

/** The headless service with a fresh data folder on port 0 (sandbox chain, the default). */
function headlessArgs(): string[] {
  const dataDir = join(dir.path, `data-${nextId++}`);
  mkdirSync(dataDir);
  return ['--data-dir', dataDir, '--port', '0'];
}

/** Stops a headless fallback as Ctrl+C would, and checks it stopped cleanly. */
async function stop(run: StartRun): Promise<void> {
  run.child.kill('SIGINT');
  expect(await run.exited).toBe(0);
  expect(run.output()).toContain('stopped cleanly');
}

/** Processes whose command line contains `fragment` (zombies have none). */
function processesWith(fragment: string): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(fragment);
      } catch {
        return false;
      }
    })
    .map(Number);
}

const fallback = (reason: string) =>
  `Desktop app unavailable: ${reason}. Starting the service and console headless instead.`;

beforeAll(() => {
  // What start.mjs builds before launching; built here, once, rather than inside a test.
  ensureBuilt(ROOT, ['web', 'console', 'desktop']);
}, 600_000);

afterEach(async () => {
  for (const run of running.splice(0)) {
    if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill('SIGKILL');
    await run.exited;
  }
});

afterAll(() => dir.remove());

describe('npm start', () => {
  it('downloads Electron with its own installer, progress shown, then launches the desktop entry with its arguments', async () => {
    const pkg = fakePackage(
      (p) =>
        `console.log('fake download 50%');\nconsole.error('fake progress 100%');\n${installedFiles(stubBinary(p.record, ': > "$TONTILL_DESKTOP_READY_FILE"\nexit 0'))}`,
    );
    const run = runStart(pkg, { args: ['--log-level', 'warn'] });
    expect(await run.exited).toBe(0);
    const output = run.output();
    expect(output).toContain(
      `Downloading Electron 1.2.3 for linux-${process.arch} (about 100 MB, once): cached in ${join(dir.path, 'cache')}, unpacked into ${join(pkg.dir, 'dist')}.`,
    );
    expect(output).toContain('fake download 50%');
    expect(output).toContain('fake progress 100%');
    expect(output.indexOf('Downloading Electron')).toBeLessThan(output.indexOf('fake download 50%'));
    expect(output).not.toContain('Desktop app unavailable');
    expect(readFileSync(pkg.record, 'utf8').split('\n')).toEqual([
      ENTRY,
      '--log-level',
      'warn',
      'marker=from-start',
      '',
    ]);

    // Installed now: the next start launches at once, without running the installer again.
    writeFileSync(pkg.record, '');
    const again = runStart(pkg);
    expect(await again.exited).toBe(0);
    expect(again.output()).not.toContain('Downloading Electron');
    expect(readFileSync(pkg.record, 'utf8').split('\n')[0]).toBe(ENTRY);
  });

  it("falls back to headless when the download fails, quoting the installer's own error", async () => {
    const pkg = fakePackage(() =>
      [
        // A redraw of @electron/get's progress bar, then its err.stack: only the error is quoted.
        `process.stderr.write('Downloading electron-v1.2.3-linux-x64.zip: [=====     ] 50% ETA: 2 seconds \\r');`,
        `console.error('HTTPError: Response code 404 (Not Found) for https://github.com/electron/electron/releases/download/v1.2.3/electron-v1.2.3-linux-x64.zip');`,
        `console.error('    at FetchDownloader.download (node_modules/@electron/get/dist/FetchDownloader.js:47:23)');`,
        'process.exit(1);',
      ].join('\n'),
    );
    const run = runStart(pkg, { args: headlessArgs() });
    await printed(run, HEADLESS);
    expect(run.output()).toContain(
      fallback(
        "Electron's installer exited with code 1: HTTPError: Response code 404 (Not Found) for https://github.com/electron/electron/releases/download/v1.2.3/electron-v1.2.3-linux-x64.zip",
      ),
    );
    expect(run.output()).not.toMatch(/cannot reach|network/i);
    await stop(run);
  });

  it('without a display, says so and starts headless without downloading anything', async () => {
    const pkg = fakePackage(() => 'process.exit(0);');
    const run = runStart(pkg, { args: headlessArgs(), display: false });
    await printed(run, HEADLESS);
    expect(run.output()).toContain(fallback('there is no display (neither DISPLAY nor WAYLAND_DISPLAY is set)'));
    expect(run.output()).not.toContain('Downloading Electron');
    expect(existsSync(pkg.installerRan)).toBe(false);
    await stop(run);
  });

  it('falls back to headless when the desktop app crashes at start, naming its exit code and what it said', async () => {
    const pkg = fakePackage((p) =>
      installedFiles(stubBinary(p.record, "echo 'Trace/breakpoint trap: GPU process isn'\"'\"'t usable' >&2\nexit 3")),
    );
    const run = runStart(pkg, { args: headlessArgs() });
    await printed(run, HEADLESS);
    expect(run.output()).toContain(
      fallback("the desktop app exited with code 3 at start: Trace/breakpoint trap: GPU process isn't usable"),
    );
    expect(readFileSync(pkg.record, 'utf8').split('\n')[0]).toBe(ENTRY);
    await stop(run);
  });

  it('once the app said it is up, passes its exit code through instead of falling back', async () => {
    const pkg = fakePackage((p) =>
      installedFiles(stubBinary(p.record, ': > "$TONTILL_DESKTOP_READY_FILE"\necho late failure >&2\nexit 3')),
    );
    const run = runStart(pkg);
    expect(await run.exited).toBe(3);
    expect(run.output()).toContain('late failure');
    expect(run.output()).not.toContain('Desktop app unavailable');
  });

  it('stops an installer that outlives its time limit and falls back, saying so', async () => {
    const pkg = fakePackage(() => "console.log('fake download starting');\nsetInterval(() => undefined, 1000);");
    const run = runStart(pkg, { args: headlessArgs(), env: { TONTILL_ELECTRON_INSTALL_TIMEOUT_MS: '1500' } });
    await printed(run, HEADLESS);
    expect(run.output()).toContain(fallback("Electron's installer did not finish within 1.5 s and was stopped"));
    expect(processesWith(join(pkg.dir, 'install.js'))).toEqual([]);
    await stop(run);
  });
});
