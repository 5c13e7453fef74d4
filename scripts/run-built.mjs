// `npm run serve|keys|webhooks|simulate|console`: runs the built CLI (dist/server/<entry>.js), building it
// first only if its sources changed since the last build (and, for serve, the web pages and the
// console it serves). The entry runs in this very process: its signals, output and exit code are
// the command's own. Usage: node scripts/run-built.mjs <entry> [args…]
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureBuilt, SERVER_ENTRIES } from './build-freshness.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** What each entry needs built besides itself. */
const SERVED = { serve: ['web', 'console'] };

/**
 * Builds what is stale, then runs the entry as if node had been started on it with `args`.
 * @param {string} entry
 * @param {string[]} args
 */
export async function runBuilt(entry, args) {
  if (!SERVER_ENTRIES.includes(entry)) {
    console.error(`usage: node scripts/run-built.mjs <${SERVER_ENTRIES.join('|')}> [args…]`);
    process.exit(2);
  }
  try {
    ensureBuilt(ROOT, ['server', ...(SERVED[entry] ?? [])]);
  } catch (err) {
    console.error(`tontill: ${err.message}`);
    process.exit(1);
  }
  const file = join(ROOT, 'dist', 'server', `${entry}.js`);
  process.argv = [process.argv[0], file, ...args];
  // Source maps stay off: Node reads and keeps every bundle's map at load when they are on (60 ms
  // of each start, 3-5 MB resident). `NODE_OPTIONS=--enable-source-maps npm run serve` turns them
  // on, and stack traces then name server/…ts lines instead of positions in a bundle.
  await import(pathToFileURL(file).href);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  await runBuilt(process.argv[2] ?? '', process.argv.slice(3));
}
