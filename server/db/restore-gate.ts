/**
 * A staged restore replaces the ledger at the next start. From the moment one is staged the service
 * acknowledges no change (requests that write are answered 503, the watcher and the expiry sweep
 * pause), so nothing it acknowledges can end up only in the ledger that the restore sets aside.
 */
export class RestoreGate {
  private staged = false;
  private readonly listeners: Array<(staged: boolean) => void> = [];

  get pending(): boolean {
    return this.staged;
  }

  set(staged: boolean): void {
    if (staged === this.staged) return;
    this.staged = staged;
    for (const listener of this.listeners) listener(staged);
  }

  onChange(listener: (staged: boolean) => void): void {
    this.listeners.push(listener);
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** While a restore waits, reads still work, and so do the two ways out: cancelling it and logging out. */
export function allowedWhileRestorePending(method: string, path: string): boolean {
  if (READS.has(method)) return true;
  return (
    (method === 'DELETE' && path === '/console/api/restore') || (method === 'POST' && path === '/console/api/logout')
  );
}
