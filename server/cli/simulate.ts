import { parseArgs } from 'node:util';
import { loadConfig } from '../config/config';
import type { SimulationResult, WithdrawResult } from '../../contract/chain';
import type { SimulatedRefund } from '../../contract/refunds';
import { noServiceMessage, runningService, type ServiceClient } from './service-client';

const USAGE = `usage: npm run simulate -- pay <paymentId> [--amount 10.00] [--comment TEXT]
       [--case exact|short|no-comment|zero-forward|comment-in-ref|fake-jetton|forged|bounced] [--data-dir DIR]
       (a Toncoin payment: exact, short, no-comment or bounced; it is paid in Toncoin)
       npm run simulate -- withdraw <amount> [--to ADDRESS] [--data-dir DIR]
       npm run simulate -- refund <refundId> [--case exact|short|wrong-memo|bounce] [--data-dir DIR]
       npm run simulate -- tonconnect '<universal link>' [--account payer|merchant] [--data-dir DIR]`;

const OWN_OPTIONS = ['--amount', '--comment', '--case', '--to', '--account'];

async function pay(service: ServiceClient, paymentId: string, values: Record<string, unknown>): Promise<void> {
  const body = { paymentId, amount: values.amount, comment: values.comment, case: values.case };
  const { body: result } = await service.call<SimulationResult>('POST', '/simulator/pay', body);
  const p = result.payment;
  console.log(`sent ${result.case} transfer: ${result.txHashes.length} transaction(s) on the sandbox chain`);
  console.log(
    `payment ${p.id}: ${p.status}, paid ${p.paidAmount} of ${p.amount} ${p.currency}, due ${p.dueAmount}${p.late ? ', late' : ''}${p.overpaidAmount !== '0.00' ? `, overpaid ${p.overpaidAmount}` : ''}`,
  );
}

async function withdraw(service: ServiceClient, amount: string, to: unknown): Promise<void> {
  const { body: result } = await service.call<WithdrawResult>('POST', '/simulator/withdraw', { amount, to });
  console.log(
    `the merchant's wallet sent ${result.amount} USDT to ${result.to}: ${result.txHashes.length} transaction(s) on the sandbox chain`,
  );
}

async function refund(service: ServiceClient, refundId: string, simulated: unknown): Promise<void> {
  const { body: result } = await service.call<SimulatedRefund>('POST', '/simulator/refund', {
    refundId,
    case: simulated,
  });
  const r = result.refund;
  console.log(
    `the merchant's wallet sent the ${result.case} refund: ${result.txHashes.length} transaction(s) on the sandbox chain`,
  );
  console.log(`refund ${r.id} of ${r.amount} ${r.asset} to ${r.destination}: ${r.status}`);
}

interface SandboxWalletSession {
  sessionId: string;
  account: string;
  address: string;
  app: string;
}

/** The sandbox wallet opens a TON Connect link, connects and approves whatever that app asks next. */
async function tonconnect(service: ServiceClient, link: string, account: unknown): Promise<void> {
  const { body } = await service.call<SandboxWalletSession>('POST', '/simulator/tonconnect', { link, account });
  console.log(`the sandbox wallet connected to ${body.app} as the ${body.account} (${body.address})`);
  console.log(
    `it approves every transaction that app asks for: ${service.url}/sandbox-wallet/session/${body.sessionId}`,
  );
}

const COMMANDS = ['pay', 'withdraw', 'refund', 'tonconnect'];

/** `npm run simulate`: asks the running sandbox service to send a real emulated transfer. */
async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: false,
    options: {
      amount: { type: 'string' },
      comment: { type: 'string' },
      case: { type: 'string' },
      to: { type: 'string' },
      account: { type: 'string' },
    },
  });
  const [command, target] = positionals;
  if (!command || !COMMANDS.includes(command) || !target) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig(
    argv.filter((a, i) => !OWN_OPTIONS.includes(argv[i - 1] ?? '') && !OWN_OPTIONS.includes(a)),
  );
  const service = await runningService(config.dataDir);
  if (!service) throw new Error(noServiceMessage(config.dataDir));
  if (command === 'pay') await pay(service, target, values);
  else if (command === 'refund') await refund(service, target, values.case);
  else if (command === 'tonconnect') await tonconnect(service, target, values.account);
  else await withdraw(service, target, values.to);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: Error) => {
    console.error(`simulate: ${err.message}`);
    process.exitCode = 1;
  },
);
