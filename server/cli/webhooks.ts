import { parseArgs } from 'node:util';
import { loadConfig } from '../config/config';
import type { CallbackSecret, EndpointList } from '../../contract/webhooks';
import { noServiceMessage, runningService, type ServiceClient } from './service-client';

const USAGE = `usage: npm run webhooks -- <secret | rotate [--grace-hours N] | list> [--data-dir DIR]
  secret   print the callback secret (signs deliveries to per-payment callbackUrl), alone on the last line
  rotate   roll it; the previous one keeps signing beside it for --grace-hours (default 24, 0 ends it now)
  list     the store-wide webhook endpoints (never their secrets)`;

function printSecret(s: CallbackSecret, headline: string): void {
  console.log(headline);
  console.log(s.previousSecretExpiresAt
    ? `The previous secret also signs until ${s.previousSecretExpiresAt}: give your receiver the new one before then.`
    : 'No other secret signs deliveries.');
  console.log(s.secret);
}

/** --grace-hours as a number; undefined when absent (the service default), null when malformed. */
function graceHours(value: unknown): number | null | undefined {
  if (value === undefined) return undefined;
  return typeof value === 'string' && /^\d{1,3}$/.test(value) ? Number(value) : null;
}

async function showSecret(service: ServiceClient): Promise<void> {
  const { body } = await service.call<CallbackSecret>('GET', '/webhooks/callback-secret');
  printSecret(body, `Callback secret, in use since ${body.rotatedAt}. It signs every delivery to a payment's callbackUrl.`);
}

async function rotateSecret(service: ServiceClient, grace: number | undefined): Promise<void> {
  const { body } = await service.call<CallbackSecret>('POST', '/webhooks/callback-secret', grace === undefined ? {} : { graceHours: grace });
  printSecret(body, 'Rotated the callback secret: deliveries are signed with the new one from now on.');
}

async function listEndpoints(service: ServiceClient): Promise<void> {
  const { body } = await service.call<EndpointList>('GET', '/webhooks/endpoints');
  if (body.items.length === 0) console.log('No webhook endpoints; add one in the console (Webhooks).');
  for (const e of body.items) {
    const state = e.enabled ? (e.status === 'failing' ? `failing since ${e.failingSince ?? '?'}` : 'active') : 'disabled';
    console.log(`${e.id}  ${state}  ${e.url}  events: ${e.events.join(',')}`);
  }
}

const COMMANDS = new Map<string, (service: ServiceClient, grace: number | undefined) => Promise<void>>([
  ['secret', showSecret], ['rotate', rotateSecret], ['list', listEndpoints],
]);

/** `npm run webhooks`: the callback secret and the endpoints, through the running service (no browser needed). */
async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv, allowPositionals: true, strict: false,
    // the service's own flags are named so their values are not taken for commands
    options: { 'grace-hours': { type: 'string' }, 'data-dir': { type: 'string' }, config: { type: 'string' } },
  });
  const grace = graceHours(values['grace-hours']);
  const command = COMMANDS.get(positionals[0] ?? '');
  if (grace === null || !command || positionals.length > 1) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig(argv.filter((a, i) => a !== '--grace-hours' && argv[i - 1] !== '--grace-hours'));
  const service = await runningService(config.dataDir);
  if (!service) throw new Error(noServiceMessage(config.dataDir));
  await command(service, grace);
  return 0;
}

main(process.argv.slice(2)).then((code) => { process.exitCode = code; }, (err: Error) => {
  console.error(`webhooks: ${err.message}`);
  process.exitCode = 1;
});
