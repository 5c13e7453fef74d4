/** When the next backup runs. Injected so a test can simulate days without waiting for them. */
export interface BackupTimer {
  /** Calls `run` after `ms`; returns the cancel. */
  after(ms: number, run: () => Promise<void>): () => void;
}

/** setTimeout's longest delay; a longer wait re-arms (never needed for a day, but a clock may jump). */
const MAX_DELAY_MS = 2 ** 31 - 1;

/** The real timer, unref'd: a pending backup never keeps the process alive. */
export const systemTimer: BackupTimer = {
  after(ms, run) {
    const handle = setTimeout(() => void run(), Math.min(Math.max(0, ms), MAX_DELAY_MS));
    handle.unref();
    return () => clearTimeout(handle);
  },
};
