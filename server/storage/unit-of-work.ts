import type { UnitOfWork } from './storage-port';

/**
 * One job's `uow`: the repositories it writes through, and its after-commit callbacks, pushed onto
 * `committed` for the storage to run once the job's commit is durable (or drop, if it rolls back).
 * The storage calls `end()` when the job's work has settled.
 */
export function unitOfWork(
  repos: Omit<UnitOfWork, 'afterCommit'>,
  committed: Array<() => void>,
): UnitOfWork & { end(): void } {
  let open = true;
  return {
    ...repos,
    afterCommit(callback: () => void): void {
      // A job that let work run on past its end (a missing await) would attach it to a commit it was
      // not part of (in SQLite, someone else's batch).
      if (!open) throw new Error('afterCommit called after its unit of work ended: something was not awaited');
      committed.push(callback);
    },
    end(): void {
      open = false;
    },
  };
}
