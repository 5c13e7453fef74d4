// A test run's folder (global-setup.ts) says which process owns it, so that what an interrupted run
// left behind, above all its PostgreSQL cluster, which outlives any run that cannot stop it, is
// found and stopped by the next one. Ctrl+C and SIGTERM still let the run stop it on its way out
// (vitest turns both into process.exit()); SIGKILL, a closed terminal or a crash do not.
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stopLeftoverCluster } from '../../scripts/local-postgres';

/** mkdtemp prefix of a run's folder */
export const RUN_FOLDER_PREFIX = 'tontill-tests-';
const OWNER_FILE = 'run.pid';
/** where a run's cluster lives inside its folder */
export const CLUSTER_FOLDER = 'postgres';

export function markRunOwner(root: string, pid = process.pid): void {
  writeFileSync(join(root, OWNER_FILE), `${pid}\n`);
}

/** Whether a process with this id exists (one of another user's counts: kill(0) answers EPERM). */
export function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function ownerOf(root: string): number | null {
  const file = join(root, OWNER_FILE);
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8').trim());
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

/**
 * The run folders in `parent` whose owner has died. A folder that names no owner (a run from before
 * owners were written, or one that has only just made its folder) is left alone: it may be alive.
 * Owners are looked up in this process's PID namespace: runs sharing a temp dir across containers
 * would look dead to each other.
 */
export function leftoverRuns(parent: string, isAlive: (pid: number) => boolean = processExists): string[] {
  if (!existsSync(parent)) return [];
  return readdirSync(parent, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name.startsWith(RUN_FOLDER_PREFIX))
    .map((entry) => join(parent, entry.name))
    .filter((root) => {
      const owner = ownerOf(root);
      return owner !== null && owner !== process.pid && !isAlive(owner);
    });
}

/** Stops the cluster of a run folder, if it still runs, and removes the folder. Synchronous, for an 'exit' handler. */
export function removeRunFolder(root: string): void {
  stopLeftoverCluster(join(root, CLUSTER_FOLDER));
  rmSync(root, { recursive: true, force: true });
}

/** Removes what dead runs left in `parent`; returns the folders it removed. */
export function sweepLeftoverRuns(parent: string, isAlive: (pid: number) => boolean = processExists): string[] {
  const dead = leftoverRuns(parent, isAlive);
  for (const root of dead) removeRunFolder(root);
  return dead;
}

/**
 * Removes `root` (its cluster stopped first) when this process exits without its teardown having
 * run: vitest's answer to Ctrl+C or SIGTERM is process.exit(), which skips global teardowns.
 * Returns the function that cancels it, for the teardown to call once it has cleaned up itself.
 */
export function removeOnExit(root: string): () => void {
  const onExit = () => removeRunFolder(root);
  process.once('exit', onExit);
  return () => process.off('exit', onExit);
}
