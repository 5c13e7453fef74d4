import type { Config } from '../config/config';

export function printBanner(config: Config, url: string, loginToken: string): void {
  const dataFlag = `--data-dir ${JSON.stringify(config.dataDir)}`;
  console.log([
    `TonTill is running on the ${config.chain.mode} chain at ${url}`,
    `  Console:  ${url}/console/login?token=${loginToken}   (one-time link, valid 15 minutes)`,
    `            a new one at any time: npm run console -- link ${dataFlag}`,
    `  API docs: ${url}/docs`,
    ...(config.chain.mode === 'sandbox' ? [`  Demo:     ${url}/demo/merchant   (a sample shop with the embedded checkout, paid by a test wallet)`] : []),
    `  API key:  npm run keys -- create ${dataFlag}`,
    `  Data:     ${config.dataDir}`,
    'Press Ctrl+C to stop.',
  ].join('\n'));
}

/** One line a merchant can act on, never a stack trace. */
export function describeStartupError(err: unknown): string {
  const e = err as NodeJS.ErrnoException & { name?: string };
  if (e?.code === 'EADDRINUSE') return `port is already in use (${e.message}); pick another with --port or PORT`;
  if (e?.code === 'EACCES') return `permission denied: ${e.message}`;
  if (e?.name === 'DatabaseFromFutureError' || e?.name === 'DataDirectoryInUseError' || e?.name === 'ConfigError' || e?.name === 'JettonWalletMismatchError') return e.message;
  return e instanceof Error ? e.message : String(err);
}
