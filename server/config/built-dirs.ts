import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// Where the browser bundles were built. Relative to this module, which sits two folders deep both
// in the sources (server/config/) and in a bundle (dist/server/, dist/desktop/), so the same
// relative paths find dist/ from either.

/** dist/web next to the sources (tsx, vitest) or the compiled server, or TONTILL_WEB_DIR. */
export function defaultWebDir(): string {
  const here = fileURLToPath(new URL('.', import.meta.url));
  const candidates = [
    process.env.TONTILL_WEB_DIR,
    resolve(here, '../../dist/web'),
    resolve(here, '../../web'),
    resolve(process.cwd(), 'dist/web'),
  ];
  return candidates.find((dir) => dir && existsSync(join(dir, 'manifest.json'))) ?? resolve(here, '../../dist/web');
}

/** dist/console beside the sources (tsx, vitest) or the compiled server, or TONTILL_CONSOLE_DIR. */
export function defaultConsoleDir(): string {
  const here = fileURLToPath(new URL('.', import.meta.url));
  const candidates = [
    process.env.TONTILL_CONSOLE_DIR,
    resolve(here, '../../dist/console'),
    resolve(here, '../../console'),
    resolve(process.cwd(), 'dist/console'),
  ];
  return candidates.find((dir) => dir && existsSync(join(dir, 'index.html'))) ?? resolve(here, '../../dist/console');
}
