import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

let root: string | null = null;

/** A fresh directory under this run's own folder, which is removed when the run exits. */
export function tempDirPath(prefix: string): string {
  if (!root) {
    const created = mkdtempSync(join(tmpdir(), 'tontill-bench-'));
    process.on('exit', () => rmSync(created, { recursive: true, force: true }));
    root = created;
  }
  return mkdtempSync(join(root, prefix));
}
