import { parseArgs } from 'node:util';
import { loadConfig } from '../config/config';
import type { CallbackSecret, EndpointList, EndpointWithSecret } from '../../contract/webhooks';
import { noServiceMessage, runningService, type ServiceClient } from './service-client';

const USAGE = `usage: npm run webhooks -- <secret | rotate [--grace-hours N] | list> [--data-dir DIR]
       npm run webhooks -- add URL [--events TYPE,TYPE…] [--description TEXT] [--data-dir DIR]
       npm run webhooks -- remove ENDPOINT_ID [--data-dir DIR]
  secret   print the callback secret (signs deliveries to per-payment callbackUrl), alone on the last line
  rotate   roll it; the previous one keeps signing beside it for --grace-hours (default 24, 0 ends it now)
  list     the store-wide webhook endpoints (never their secrets)
  add      a store-wide endpoint for --events (default "*": all); prints its signing secret, once, alone on the last line
  remove   an endpoint; deliveries still waiting for it stop`;

/** What the command line gave, already checked: flags by name, the command's one argument if it takes one. */
interface Invocation {
  argument: string | undefined;
  graceHours: number | undefined;
  events: string[];
  description: string | undefined;
}

function printSecret(s: CallbackSecret, headline: string): void {
  console.log(headline);
  console.log(
    s.previousSecretExpiresAt
      ? `The previous secret also signs until ${s.previousSecretExpiresAt}: give your receiver the new one before then.`
      : 'No other secret signs deliveries.',
  );
  console.log(s.secret);
}

/** --grace-hours as a number; undefined when absent (the service default), null when malformed. */
function graceHours(value: unknown): number | null | undefined {
  if (value === undefined) return undefined;
  return typeof value === 'string' && /^\d{1,3}$/.test(value) ? Number(value) : null;
}

async function showSecret(service: ServiceClient): Promise<void> {
  const { body } = await service.call<CallbackSecret>('GET', '/webhooks/callback-secret');
  printSecret(
    body,
    `Callback secret, in use since ${body.rotatedAt}. It signs every delivery to a payment's callbackUrl.`,
  );
}

async function rotateSecret(service: ServiceClient, { graceHours: grace }: Invocation): Promise<void> {
  const { body } = await service.call<CallbackSecret>(
    'POST',
    '/webhooks/callback-secret',
    grace === undefined ? {} : { graceHours: grace },
  );
  printSecret(body, 'Rotated the callback secret: deliveries are signed with the new one from now on.');
}

async function listEndpoints(service: ServiceClient): Promise<void> {
  const { body } = await service.call<EndpointList>('GET', '/webhooks/endpoints');
  if (body.items.length === 0) console.log('No webhook endpoints; add one with: npm run webhooks -- add URL');
  for (const e of body.items) {
    const state = e.enabled
      ? e.status === 'failing'
        ? `failing since ${e.failingSince ?? '?'}`
        : 'active'
      : 'disabled';
    console.log(`${e.id}  ${state}  ${e.url}  events: ${e.events.join(',')}`);
  }
}

/** The console's own endpoint route: stored, signed and audited exactly as one added in the console. */
async function addEndpoint(service: ServiceClient, { argument: url, events, description }: Invocation): Promise<void> {
  const { body } = await service.call<EndpointWithSecret>('POST', '/webhooks/endpoints', {
    url,
    events,
    ...(description === undefined ? {} : { description }),
  });
  console.log(`Added ${body.endpoint.id}  ${body.endpoint.url}  events: ${body.endpoint.events.join(',')}`);
  console.log('Its signing secret, shown only now (verify TonTill-Signature with it):');
  console.log(body.secret);
}

async function removeEndpoint(service: ServiceClient, { argument: id }: Invocation): Promise<void> {
  await service.call('DELETE', `/webhooks/endpoints/${encodeURIComponent(id!)}`);
  console.log(`Removed ${id}; deliveries still waiting for it stop.`);
}

/** Each command, and whether it takes one positional argument (the URL, the endpoint id). */
const COMMANDS = new Map<
  string,
  { run: (service: ServiceClient, invocation: Invocation) => Promise<void>; takesArgument: boolean }
>([
  ['secret', { run: showSecret, takesArgument: false }],
  ['rotate', { run: rotateSecret, takesArgument: false }],
  ['list', { run: listEndpoints, takesArgument: false }],
  ['add', { run: addEndpoint, takesArgument: true }],
  ['remove', { run: removeEndpoint, takesArgument: true }],
]);

const OWN_FLAGS = new Set(['--grace-hours', '--events', '--description']);

/** `npm run webhooks`: the callback secret and the endpoints, through the running service (no browser needed). */
async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: false,
    // the service's own flags are named so their values are not taken for commands
    options: {
      'grace-hours': { type: 'string' },
      events: { type: 'string' },
      description: { type: 'string' },
      'data-dir': { type: 'string' },
      config: { type: 'string' },
    },
  });
  const grace = graceHours(values['grace-hours']);
  const command = COMMANDS.get(positionals[0] ?? '');
  if (grace === null || !command || positionals.length !== (command.takesArgument ? 2 : 1)) {
    console.error(USAGE);
    return 2;
  }
  const events =
    typeof values.events === 'string'
      ? values.events
          .split(',')
          .map((e) => e.trim())
          .filter(Boolean)
      : ['*'];
  const description = typeof values.description === 'string' ? values.description : undefined;
  const config = loadConfig(argv.filter((a, i) => !OWN_FLAGS.has(a) && !OWN_FLAGS.has(argv[i - 1] ?? '')));
  const service = await runningService(config.dataDir);
  if (!service) throw new Error(noServiceMessage(config.dataDir));
  await command.run(service, { argument: positionals[1], graceHours: grace, events, description });
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: Error) => {
    console.error(`webhooks: ${err.message}`);
    process.exitCode = 1;
  },
);
