// A TON Connect sendTransaction request as the sandbox wallet handles it: checked (network, from,
// valid_until, messages), decoded for the person approving it (a jetton transfer shows its amount,
// destination and comment), then signed by the account's wallet as one external message.
import {
  Address,
  beginCell,
  Cell,
  external,
  fromNano,
  internal,
  loadStateInit,
  SendMode,
  storeMessage,
  type Message,
  type MessageRelaxed,
  type StateInit,
} from '@ton/core';
import type { WalletContractV4 } from '@ton/ton/dist/wallets/WalletContractV4.js';
import { WalletContractV5R1 } from '@ton/ton/dist/wallets/v5r1/WalletContractV5R1.js';
import { formatAmount } from '../../contract/amount';
import { BitCursor } from '../chain/bit-cursor';
import { JettonOp } from '../chain/jetton-ops';
import { readForwardComment } from '../chain/parse-transfer';
import { SANDBOX_NETWORK, SANDBOX_WALLET_MAX_MESSAGES } from './sandbox-tonconnect-wallet-items';

/** TON Connect's sendTransaction error codes (requests-responses.md). */
export const WalletErrorCode = { unknown: 0, badRequest: 1, unknownApp: 100, userDeclined: 300, notSupported: 400 };

export class WalletRequestError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'WalletRequestError';
  }
}

const bad = (message: string) => new WalletRequestError(WalletErrorCode.badRequest, message);

export interface CheckedMessage {
  to: Address;
  bounce: boolean;
  nanotons: bigint;
  body: Cell | null;
  init: StateInit | null;
}

/** A jetton transfer (TEP-74 `transfer`) carried by a message, as the approval page shows it. */
export interface JettonTransferView {
  /** base units, formatted with the test USDT's 6 decimals */
  amount: string;
  destination: string;
  responseDestination: string | null;
  forwardTon: string;
  comment: string | null;
}

export interface MessageView {
  to: string;
  ton: string;
  jettonTransfer: JettonTransferView | null;
}

export interface CheckedRequest {
  /** unix seconds; null when the app set none */
  validUntil: number | null;
  messages: CheckedMessage[];
}

interface RawMessage {
  address?: unknown;
  amount?: unknown;
  payload?: unknown;
  stateInit?: unknown;
}

function parseAddress(text: unknown, field: string): { address: Address; bounce: boolean } {
  if (typeof text !== 'string') throw bad(`${field}: must be an address`);
  try {
    if (Address.isFriendly(text)) {
      const friendly = Address.parseFriendly(text);
      return { address: friendly.address, bounce: friendly.isBounceable };
    }
    return { address: Address.parseRaw(text), bounce: true };
  } catch {
    throw bad(`${field}: must be an address`);
  }
}

function parseCell(text: unknown, field: string): Cell | null {
  if (text === undefined || text === null) return null;
  try {
    return Cell.fromBase64(text as string);
  } catch {
    throw bad(`${field}: must be a base64 bag of cells`);
  }
}

function checkMessage(raw: RawMessage, i: number): CheckedMessage {
  const { address, bounce } = parseAddress(raw.address, `messages[${i}].address`);
  if (typeof raw.amount !== 'string' || !/^\d{1,30}$/.test(raw.amount))
    throw bad(`messages[${i}].amount: must be nanotons, a decimal string`);
  const init = parseCell(raw.stateInit, `messages[${i}].stateInit`);
  return {
    to: address,
    bounce,
    nanotons: BigInt(raw.amount),
    body: parseCell(raw.payload, `messages[${i}].payload`),
    init: init ? loadStateInit(init.beginParse()) : null,
  };
}

/**
 * The request's one parameter (a JSON string), checked for the account `account` on the sandbox chain:
 * another network or another `from` is refused with a message that says so, as a real wallet would.
 */
export function checkSendTransaction(param: unknown, account: Address, nowSeconds: number): CheckedRequest {
  let request: { valid_until?: unknown; network?: unknown; from?: unknown; messages?: unknown };
  try {
    request = JSON.parse(String(param)) as typeof request;
  } catch {
    throw bad('the request is not JSON');
  }
  if (request.network !== undefined && request.network !== SANDBOX_NETWORK)
    throw bad(
      `network: this sandbox wallet is on the sandbox chain (testnet, ${SANDBOX_NETWORK}); the request is for ${String(request.network)}`,
    );
  if (request.from !== undefined && !parseAddress(request.from, 'from').address.equals(account))
    throw bad('from: the request is for another wallet than the one connected');
  const validUntil = typeof request.valid_until === 'number' ? request.valid_until : null;
  if (validUntil !== null && validUntil < nowSeconds) throw bad('valid_until: the request has expired');
  const messages = request.messages;
  if (!Array.isArray(messages) || messages.length === 0 || messages.length > SANDBOX_WALLET_MAX_MESSAGES)
    throw bad(`messages: must be 1 to ${SANDBOX_WALLET_MAX_MESSAGES} messages`);
  return { validUntil, messages: messages.map((m, i) => checkMessage(m as RawMessage, i)) };
}

function jettonTransferOf(body: Cell | null): JettonTransferView | null {
  if (!body) return null;
  try {
    const s = new BitCursor(body);
    if (s.remainingBits < 32 || s.uint(32) !== JettonOp.transfer) return null;
    s.bigUint(64); // query_id
    const amount = s.coins();
    const destination = s.address();
    const responseDestination = s.maybeAddress();
    s.skipMaybeRef(); // custom_payload
    const forwardTon = s.coins();
    return {
      amount: formatAmount(amount, 'USDT'),
      destination: destination.toString({ testOnly: true }),
      responseDestination: responseDestination?.toString({ testOnly: true }) ?? null,
      forwardTon: fromNano(forwardTon),
      comment: readForwardComment(s),
    };
  } catch {
    return null;
  }
}

/** What the person approving sees of each message. */
export function describeMessages(request: CheckedRequest): MessageView[] {
  return request.messages.map((m) => ({
    to: m.to.toString({ testOnly: true, bounceable: m.bounce }),
    ton: fromNano(m.nanotons),
    jettonTransfer: jettonTransferOf(m.body),
  }));
}

type SandboxWalletContract = WalletContractV4 | WalletContractV5R1;

/** The signed external message that carries the request from `wallet` (seqno from the chain), and its BOC. */
export async function signedExternal(
  wallet: SandboxWalletContract,
  secretKey: Buffer,
  seqno: number,
  request: CheckedRequest,
  nowSeconds: number,
): Promise<{ message: Message; boc: string }> {
  const messages: MessageRelaxed[] = request.messages.map((m) =>
    internal({ to: m.to, value: m.nanotons, bounce: m.bounce, ...(m.body ? { body: m.body } : {}), init: m.init }),
  );
  const args = {
    seqno,
    secretKey,
    messages,
    sendMode: SendMode.PAY_GAS_SEPARATELY | SendMode.IGNORE_ERRORS,
    // the wallet contract refuses the message after this: the app's valid_until, or a minute
    timeout: request.validUntil ?? nowSeconds + 60,
  };
  // the two versions' createTransfer differ in their generics, not in what they take for a key-signed transfer
  const body =
    wallet instanceof WalletContractV5R1
      ? wallet.createTransfer(args)
      : (wallet as WalletContractV4).createTransfer(args);
  const message = external({ to: wallet.address, init: seqno === 0 ? wallet.init : null, body });
  const boc = beginCell().store(storeMessage(message)).endCell().toBoc().toString('base64');
  return { message, boc };
}
