/** One line a merchant can act on, never a stack trace. */
export function describeStartupError(err: unknown): string {
  const e = err as NodeJS.ErrnoException & { name?: string };
  if (e?.code === 'EADDRINUSE') return `port is already in use (${e.message}); pick another with --port or PORT`;
  if (e?.code === 'EACCES') return `permission denied: ${e.message}`;
  if (
    e?.name === 'DatabaseFromFutureError' ||
    e?.name === 'DataDirectoryInUseError' ||
    e?.name === 'ConfigError' ||
    e?.name === 'JettonWalletMismatchError'
  )
    return e.message;
  return e instanceof Error ? e.message : String(err);
}
