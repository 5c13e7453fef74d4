/**
 * Files the server reads at run time next to its own module (through import.meta.url). A bundle
 * moves that module, so every build of the server copies them beside the bundle it writes.
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** source (relative to the repository) -> where the bundled code looks for it (relative to the bundle) */
export const SERVER_RUNTIME_FILES: Record<string, string> = {
  // server/sandbox/jetton-contracts.ts: new URL('./contracts/compiled.json', import.meta.url)
  'server/sandbox/contracts/compiled.json': 'contracts/compiled.json',
};

export function copyServerRuntimeFiles(outDir: string): void {
  for (const [from, to] of Object.entries(SERVER_RUNTIME_FILES)) {
    mkdirSync(dirname(join(outDir, to)), { recursive: true });
    copyFileSync(join(ROOT, from), join(outDir, to));
  }
}
