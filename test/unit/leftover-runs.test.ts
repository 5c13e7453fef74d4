import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/test-app';
import {
  CLUSTER_FOLDER,
  leftoverRuns,
  markRunOwner,
  processExists,
  RUN_FOLDER_PREFIX,
  sweepLeftoverRuns,
} from '../helpers/leftover-runs';

/** The id of a process that has exited and been reaped. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '']).pid!;
}

describe('what a killed test run left behind', () => {
  let parent: ReturnType<typeof tempDir>;
  const folder = (name: string, owner?: number | string): string => {
    const root = join(parent.path, name);
    mkdirSync(root);
    if (typeof owner === 'number') markRunOwner(root, owner);
    else if (owner !== undefined) writeFileSync(join(root, 'run.pid'), owner);
    return root;
  };
  beforeEach(() => {
    parent = tempDir('tontill-leftovers-');
  });
  afterEach(() => parent.remove());

  it('tells a process that exists from one that has exited', () => {
    expect(processExists(process.pid)).toBe(true);
    expect(processExists(deadPid())).toBe(false);
  });

  it('is a run folder whose owner has died; a live owner, no owner or an unreadable one keeps it', () => {
    const deadOwner = 4_000_001;
    const isAlive = (pid: number) => pid !== deadOwner;
    const dead = folder(`${RUN_FOLDER_PREFIX}dead`, deadOwner);
    folder(`${RUN_FOLDER_PREFIX}live`, 4_000_002);
    folder(`${RUN_FOLDER_PREFIX}ours`, process.pid);
    folder(`${RUN_FOLDER_PREFIX}unmarked`);
    folder(`${RUN_FOLDER_PREFIX}garbled`, 'not a pid\n');
    folder('someone-else', deadOwner);
    expect(leftoverRuns(parent.path, isAlive)).toEqual([dead]);
  });

  it('is found with the real process table, and swept with its (stopped) cluster folder', () => {
    const dead = folder(`${RUN_FOLDER_PREFIX}dead`, deadPid());
    mkdirSync(join(dead, CLUSTER_FOLDER, 'data'), { recursive: true });
    const live = folder(`${RUN_FOLDER_PREFIX}live`, process.pid);
    expect(sweepLeftoverRuns(parent.path)).toEqual([dead]);
    expect(existsSync(dead)).toBe(false);
    expect(existsSync(live)).toBe(true);
  });

  it('a parent folder that does not exist holds none', () => {
    expect(leftoverRuns(join(parent.path, 'missing'))).toEqual([]);
  });
});
