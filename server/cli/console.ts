import { parseArgs } from 'node:util';
import { loadConfig } from '../config/config';
import type { ConsoleLoginLink } from '../../contract/console';
import { noServiceMessage, runningService } from './service-client';

const USAGE = `usage: npm run console -- link [--data-dir DIR]
  link   print a fresh one-time console login link (valid 15 minutes), made by the running service`;

/** `npm run console -- link`: a new login link at any time, without restarting the service. */
async function main(argv: string[]): Promise<number> {
  const { positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: false,
    // the service's own flags are named so their values are not taken for commands
    options: { 'data-dir': { type: 'string' }, config: { type: 'string' } },
  });
  if (positionals.length !== 1 || positionals[0] !== 'link') {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig(argv);
  const service = await runningService(config.dataDir);
  if (!service) throw new Error(noServiceMessage(config.dataDir));
  const { body } = await service.call<ConsoleLoginLink>('POST', '/login-links');
  console.log(`One-time console login link, valid until ${body.expiresAt}. Open it in the browser to sign in:`);
  console.log(`${service.url}${body.path}`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: Error) => {
    console.error(`console: ${err.message}`);
    process.exitCode = 1;
  },
);
