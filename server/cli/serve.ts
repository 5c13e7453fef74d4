import { ConfigError, loadConfig } from '../config/config';
import { startServer } from '../index';
import { printBanner } from './cli-output';
import { describeStartupError } from '../runtime/startup-error';

/** `npm run serve`: the service headless, with a one-time console login link. */
async function main(): Promise<void> {
  const config = loadConfig(process.argv.slice(2));
  const server = await startServer(config, { logLevel: config.logLevel });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping…`);
    await server.close();
    console.log('stopped cleanly');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  // Only now: the banner says "Press Ctrl+C to stop", and a Ctrl+C before the handlers exist would kill the service uncleanly.
  printBanner(config, server.url, await server.services.sessions.createLoginToken());
}

main().catch((err: unknown) => {
  console.error(`tontill: ${describeStartupError(err)}`);
  process.exit(err instanceof ConfigError ? 2 : 1);
});
