import { chmodSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The ledger holds webhook, callback and EPP signing secrets: only the owner may read anything here. */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

export interface ModeChange {
  path: string;
  from: string;
  to: string;
}

/** What a path's permission bits must become, or null when they are already private enough. */
export function privateModeFor(isDirectory: boolean, mode: number): number | null {
  const bits = mode & 0o777;
  const wanted = isDirectory ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE;
  // Group and other bits go; the owner's own bits are left as they are, beyond what we need.
  return (bits & 0o077) === 0 && (bits & wanted) === wanted ? null : (bits & 0o700) | wanted;
}

export interface ModeFs {
  stat(path: string): { isDirectory(): boolean; isFile(): boolean; mode: number };
  list(dir: string): string[];
  chmod(path: string, mode: number): void;
}

const nodeFs: ModeFs = { stat: (p) => statSync(p), list: (d) => readdirSync(d), chmod: chmodSync };

/**
 * Makes `dataDir` and everything in it private to the owner (0700 folders, 0600 files) and says what
 * it changed, so a directory created by an older version or by hand is tightened at start, not trusted.
 * POSIX modes mean nothing on Windows, where the profile folder's ACL already does this job.
 */
export function tightenDataDirectory(dataDir: string, fs: ModeFs = nodeFs, platform = process.platform): ModeChange[] {
  if (platform === 'win32') return [];
  const changes: ModeChange[] = [];
  const visit = (path: string) => {
    const stat = fs.stat(path);
    if (!stat.isDirectory() && !stat.isFile()) return;
    const next = privateModeFor(stat.isDirectory(), stat.mode);
    if (next !== null) {
      fs.chmod(path, next);
      changes.push({ path, from: octal(stat.mode), to: octal(next) });
    }
    if (stat.isDirectory()) for (const name of fs.list(path)) visit(join(path, name));
  };
  visit(dataDir);
  return changes;
}

const octal = (mode: number) => `0${(mode & 0o777).toString(8)}`;
