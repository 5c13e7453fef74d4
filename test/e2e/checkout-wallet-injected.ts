import { Address, beginCell, Cell, external, internal, SendMode, storeMessage, storeStateInit } from '@ton/core';
import type { Page } from 'playwright';
import { WalletContractV4 } from '@ton/ton/dist/wallets/WalletContractV4.js';
import type { WalletContractV5R1 } from '@ton/ton/dist/wallets/v5r1/WalletContractV5R1.js';
import type { SandboxChain } from '../../server/sandbox/sandbox-chain';
import type { Wallet } from '../../server/sandbox/sandbox-identity';
import type { Service } from './e2e-helpers';

/**
 * An injected TON Connect wallet for Chromium tests: `window.tonkeeper.tonconnect` (the JS bridge a
 * browser extension or an in-wallet browser puts in the page) in front of a wallet that signs for
 * real, here in the test process: the sandbox payer's (or the store's) keys, sending on the service's emulated chain.
 * The key is one of the served list's entries ("tonkeeper"), so the SDK finds that entry injected.
 */
export const INJECTED_KEY = 'tonkeeper';

/** The RPC a dApp sends for sendTransaction, its one param decoded (the wire's snake_case). */
export interface SentRequest {
  valid_until: number;
  network?: string;
  from?: string;
  messages: Array<{ address: string; amount: string; payload?: string; stateInit?: string }>;
}

/** A jetton transfer body (TEP-74 transfer, op 0x0f8a7ea5), decoded field by field. */
export interface JettonTransfer {
  op: number;
  queryId: bigint;
  amount: bigint;
  destination: Address | null;
  responseDestination: Address | null;
  forwardTonAmount: bigint;
  comment: string | null;
}

export function decodeJettonTransfer(payloadBase64: string): JettonTransfer {
  const s = Cell.fromBase64(payloadBase64).beginParse();
  const op = s.loadUint(32);
  const queryId = s.loadUintBig(64);
  const amount = s.loadCoins();
  const destination = s.loadMaybeAddress();
  const responseDestination = s.loadMaybeAddress();
  s.loadMaybeRef(); // custom_payload
  const forwardTonAmount = s.loadCoins();
  const forward = s.loadBit() ? s.loadRef().beginParse() : s;
  const comment = forward.remainingBits >= 32 && forward.loadUint(32) === 0 ? forward.loadStringTail() : null;
  return { op, queryId, amount, destination, responseDestination, forwardTonAmount, comment };
}

/** 'never': the customer walked away, the wallet neither approves nor declines. */
export type Answer = 'sign' | 'reject' | 'never';

/** A door the wallet waits at, opened by the test: a state stays on screen exactly as long as the test looks at it. */
export class Gate {
  private open!: () => void;
  readonly passed = new Promise<void>((resolve) => {
    this.open = resolve;
  });
  release(): void {
    this.open();
  }
}

/** A sandbox wallet's keys and contract: the payer's v4 or the merchant's v5r1. */
type SandboxWallet = Wallet<WalletContractV4> | Wallet<WalletContractV5R1>;

/**
 * The wallet's side in the test process: what it was asked, and its answers (signed and sent on the
 * service's emulated chain, code 300, or none). The customer's wallet at the checkout, or the store's
 * own ("Send with my wallet" on a refund).
 */
export class SigningWallet {
  readonly requests: SentRequest[] = [];
  /** what the next requests get; 'sign' once the queue is empty */
  readonly answers: Answer[] = [];
  /** when set, the wallet answers only once it is released (its holder still looking at the request) */
  beforeAnswer: Gate | null = null;
  /** when set, the signed message reaches the chain only once it is released (the network still busy) */
  beforeChain: Gate | null = null;
  /** the last signed message's way to the chain (awaited by a test that held it) */
  lastSend: Promise<unknown> = Promise.resolve();

  /** `sandbox` is read at each send: the service's chain as it is then. */
  constructor(
    private readonly sandbox: () => SandboxChain,
    private readonly wallet: SandboxWallet,
  ) {}

  /** The sandbox payer of the service's chain (its keys follow from the chain's seed). */
  static async payerOf(service: Service): Promise<SigningWallet> {
    return new SigningWallet(() => service.server.chain.sandbox!, service.server.chain.sandbox!.wallets().payer);
  }

  /** The store's own wallet on `sandbox`, or another v5r1 wallet: a merchant who connected the wrong one. */
  static merchantOf(sandbox: SandboxChain, wallet: SandboxWallet = sandbox.wallets().merchant): SigningWallet {
    return new SigningWallet(() => sandbox, wallet);
  }

  get address(): Address {
    return this.wallet.contract.address;
  }

  /** What the wallet reports on connecting: its TON Connect ton_addr item. */
  account(network = '-3'): { address: string; network: string; publicKey: string; walletStateInit: string } {
    const { contract, keys } = this.wallet;
    return {
      address: contract.address.toRawString(),
      network,
      publicKey: keys.publicKey.toString('hex'),
      walletStateInit: beginCell().store(storeStateInit(contract.init)).endCell().toBoc().toString('base64'),
    };
  }

  /** sendTransaction from the page: recorded, then refused (code 300), signed and sent on the chain, or left unanswered. */
  async handle(paramJson: string): Promise<{ result: string } | { error: { code: number; message: string } }> {
    const request = JSON.parse(paramJson) as SentRequest;
    this.requests.push(request);
    await this.beforeAnswer?.passed;
    const answer = this.answers.shift() ?? 'sign';
    if (answer === 'never') return new Promise(() => undefined);
    if (answer === 'reject') return { error: { code: 300, message: 'User declined' } };
    return { result: await this.signAndSend(request) };
  }

  private async signAndSend(request: SentRequest): Promise<string> {
    const sandbox = this.sandbox();
    const { contract, keys } = this.wallet;
    const seqno = (await sandbox.source().runGetMethod(contract.address, 'seqno')).readNumber();
    const transfer = {
      seqno,
      secretKey: keys.secretKey,
      sendMode: SendMode.PAY_GAS_SEPARATELY | SendMode.IGNORE_ERRORS,
      timeout: request.valid_until,
      messages: request.messages.map((m) =>
        internal({
          to: m.address,
          value: BigInt(m.amount),
          bounce: Address.parseFriendly(m.address).isBounceable,
          ...(m.payload ? { body: Cell.fromBase64(m.payload) } : {}),
        }),
      ),
    };
    // the two contracts' createTransfer take the same arguments under types that do not unify
    const body =
      contract instanceof WalletContractV4 ? contract.createTransfer(transfer) : contract.createTransfer(transfer);
    const message = external({ to: contract.address, body });
    this.lastSend = (this.beforeChain?.passed ?? Promise.resolve()).then(() => sandbox.sendExternal(message));
    if (!this.beforeChain) await this.lastSend;
    return beginCell().store(storeMessage(message)).endCell().toBoc().toString('base64');
  }
}

/**
 * Puts the JS bridge into every page of `page`'s context before its scripts run; `sendTransaction`
 * goes to `wallet.handle` in the test process. `network` is what the wallet says it is on;
 * `walletBrowser`: the page is open inside the wallet's own browser (isWalletBrowser).
 */
export async function injectWallet(
  page: Page,
  wallet: SigningWallet,
  options: { network?: string; walletBrowser?: boolean } = {},
): Promise<void> {
  const { network = '-3', walletBrowser = false } = options;
  await page.exposeFunction('__walletSendTransaction', (param: string) => wallet.handle(param));
  await page.addInitScript(
    ({ key, account, walletBrowser }) => {
      const device = {
        platform: 'browser',
        appName: key,
        appVersion: '4.0.0',
        maxProtocolVersion: 2,
        features: ['SendTransaction', { name: 'SendTransaction', maxMessages: 4 }],
      };
      const send = (window as unknown as { __walletSendTransaction(p: string): Promise<object> })
        .__walletSendTransaction;
      let connected = false;
      const bridge = {
        deviceInfo: device,
        protocolVersion: 2,
        isWalletBrowser: walletBrowser,
        connect: async () => {
          connected = true;
          return { event: 'connect', id: 1, payload: { items: [{ name: 'ton_addr', ...account }], device } };
        },
        restoreConnection: async () =>
          connected
            ? { event: 'connect', id: 2, payload: { items: [{ name: 'ton_addr', ...account }], device } }
            : { event: 'connect_error', id: 2, payload: { code: 0, message: 'not connected' } },
        send: async (message: { method: string; params: string[]; id: string }) =>
          message.method === 'sendTransaction'
            ? { id: message.id, ...(await send(message.params[0]!)) }
            : { id: message.id, result: {} },
        listen: () => () => undefined,
        disconnect: () => {
          connected = false;
        },
      };
      Object.defineProperty(window, key, { value: { tonconnect: bridge }, configurable: true });
    },
    { key: INJECTED_KEY, account: wallet.account(network), walletBrowser },
  );
}
