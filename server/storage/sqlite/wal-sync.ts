import { closeSync, fsync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import { syncDirectory } from '../../util/sync-directory';
import { LedgerUnavailableError } from '../storage-port';

/** Flushes what was written to the WAL so far to the disk. */
export type FlushWal = () => Promise<void>;

export interface WalFlusher {
  flush: FlushWal;
  /** Lets go of the WAL's file handle: after the last write, before the ledger closes. */
  close(): void;
}

const isMissing = (err: unknown): boolean => (err as { code?: string }).code === 'ENOENT';

/** A WAL that is not there yet has nothing to flush: the ledger has not been written since it opened. */
function openIfPresent(path: string): number | null {
  try {
    return openSync(path, 'r+');
  } catch (err) {
    if (isMissing(err)) return null;
    throw err;
  }
}

/**
 * fsync of the WAL of `ledger` on libuv's thread pool, so the event loop keeps serving while the disk
 * works. One handle, kept open: a flush is then one trip to the pool, not three (open, sync, close),
 * each of which waited for the event loop to pick up its result. SQLite keeps the same WAL file for
 * as long as it holds the ledger, and removes it only when the ledger closes.
 *
 * The directory is flushed once, after the first flush of the file: SQLite creates the WAL when the
 * ledger is first written, and a power cut could otherwise lose the file's name.
 */
export function walFlusher(ledger: string): WalFlusher {
  const wal = `${ledger}-wal`;
  let fd: number | null = null;
  let directoryFlushed = false;
  return {
    async flush() {
      fd ??= openIfPresent(wal);
      if (fd === null) return;
      const handle = fd;
      await new Promise<void>((resolve, reject) => fsync(handle, (err) => (err ? reject(err) : resolve())));
      if (directoryFlushed) return;
      await syncDirectory(dirname(ledger));
      directoryFlushed = true;
    },
    close() {
      if (fd !== null) closeSync(fd);
      fd = null;
    },
  };
}

/**
 * Confirms commits to the disk in order, one flush at a time: `durable()` resolves once a flush
 * that began after the call has completed. Commits made while a flush runs share the next one.
 * A failed flush fails every commit waiting and every one after: what the disk holds is unknown.
 */
export class WalSync {
  private waiting: Array<{ confirm: () => void; fail: (error: Error) => void }> = [];
  private flushing = false;
  private failure: LedgerUnavailableError | null = null;

  constructor(private readonly flushWal: FlushWal) {}

  /** The error that stopped the ledger, if a flush has failed. */
  get failed(): LedgerUnavailableError | null {
    return this.failure;
  }

  durable(): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((confirm, fail) => {
      this.waiting.push({ confirm, fail });
      if (!this.flushing) this.flush();
    });
  }

  private flush(): void {
    this.flushing = true;
    const covered = this.waiting.splice(0);
    this.flushWal().then(
      () => {
        for (const commit of covered) commit.confirm();
        this.flushing = false;
        if (this.waiting.length > 0) this.flush();
      },
      (err: unknown) => {
        const code = (err as { code?: string }).code ?? (err as Error).message;
        this.failure = new LedgerUnavailableError(
          `the disk did not confirm a write to the ledger (${code}): it takes no more writes until the service restarts`,
          { cause: err },
        );
        for (const commit of [...covered, ...this.waiting.splice(0)]) commit.fail(this.failure);
        this.flushing = false;
      },
    );
  }
}
