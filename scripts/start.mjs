// `npm start`: the desktop app where Electron can run; elsewhere the same service and console
// headless, with a login link. Plain JS so it runs before anything is built.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

/** Why the desktop shell cannot start here, or null when it can. */
function desktopUnavailable() {
  let binary;
  try {
    binary = require('electron');
  } catch {
    return 'the Electron binary is not installed (it downloads from GitHub, which this machine cannot reach)';
  }
  if (typeof binary !== 'string' || !existsSync(binary)) return 'the Electron binary is not installed';
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) return 'there is no display';
  if (!existsSync(join(root, 'dist', 'desktop', 'main.cjs'))) return 'the desktop shell is not built (npm run build)';
  return null;
}

function run(command, args) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

const reason = desktopUnavailable();
if (reason) {
  console.log(`Desktop app unavailable: ${reason}. Starting the service and console headless instead.`);
  run(process.execPath, ['--import', 'tsx', join(root, 'server', 'cli', 'serve.ts'), ...process.argv.slice(2)]);
} else {
  run(require('electron'), [join(root, 'dist', 'desktop', 'main.cjs'), ...process.argv.slice(2)]);
}
