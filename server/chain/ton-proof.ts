// Verifies a TON Connect ton_proof: that whoever connected holds the key of the wallet they name.
// The steps follow TON Connect's "Verifying signed in users on backend"; every side effect (the
// clock, the issued payloads, the chain) is handed in, so the decision is tested on its own.
import { Address } from '@ton/core';
import { createHash, createPublicKey, verify } from 'node:crypto';
import { publicKeyFromStateInit } from './ton-proof-wallet';
import type { WalletProofBody } from '../../contract/wallet-proof';

/** How far a proof's timestamp may be from the service's clock. */
export const TON_PROOF_WINDOW_MS = 15 * 60_000;

/** The wallet's ton_addr and ton_proof replies, as the console posts them. */
export type TonProofClaim = Pick<WalletProofBody, 'account' | 'proof'>;

/** What the service knows of a payload: issued and still open, never issued, past its expiry, or already spent. */
export type PayloadStatus = 'open' | 'unknown' | 'expired' | 'used';

export interface TonProofContext {
  /** the service's public host, the one the wallet was told (the manifest's) */
  domain: string;
  /** epoch milliseconds */
  now: number;
  /** the payload's status, without spending it */
  payloadStatus(payload: string): PayloadStatus;
  /** spends the payload; its status before, so only one of two racing proofs finds it open */
  takePayload(payload: string): PayloadStatus;
  /** a deployed wallet's key (`get_public_key`), null when the chain has none to give */
  deployedPublicKey(address: Address): Promise<Buffer | null>;
}

export type TonProofRefusal =
  | 'address'
  | 'domain'
  | 'timestamp'
  | 'payload-unknown'
  | 'payload-expired'
  | 'payload-used'
  | 'public-key'
  | 'signature';

export type TonProofResult =
  | { ok: true; address: Address; publicKey: Buffer }
  | { ok: false; reason: TonProofRefusal; field: string; message: string };

const refuse = (reason: TonProofRefusal, field: string, message: string): TonProofResult => ({
  ok: false,
  reason,
  field,
  message: `${field}: ${message}`,
});

const PAYLOAD_REFUSALS: Record<Exclude<PayloadStatus, 'open'>, [TonProofRefusal, string]> = {
  unknown: ['payload-unknown', 'is not one this service issued; ask for a new one and connect again'],
  expired: ['payload-expired', 'has expired; ask for a new one and connect again'],
  used: ['payload-used', 'was already used once (a replayed proof); ask for a new one and connect again'],
};

const sha256 = (data: Buffer): Buffer => createHash('sha256').update(data).digest();

/** The bytes the wallet signed: sha256(0xffff ‖ "ton-connect" ‖ sha256(message)). */
export function tonProofDigest(address: Address, proof: TonProofClaim['proof']): Buffer {
  const workchain = Buffer.alloc(4);
  workchain.writeInt32BE(address.workChain);
  const domain = Buffer.from(proof.domain.value, 'utf8');
  const domainLength = Buffer.alloc(4);
  domainLength.writeUInt32LE(domain.length);
  const timestamp = Buffer.alloc(8);
  timestamp.writeBigUInt64LE(BigInt(proof.timestamp));
  const message = Buffer.concat([
    Buffer.from('ton-proof-item-v2/'),
    workchain,
    address.hash,
    domainLength,
    domain,
    timestamp,
    Buffer.from(proof.payload, 'utf8'),
  ]);
  return sha256(Buffer.concat([Buffer.from([0xff, 0xff]), Buffer.from('ton-connect'), sha256(message)]));
}

/** DER header of an Ed25519 public key (SPKI); the 32-byte key follows. */
const SPKI_ED25519 = Buffer.from('302a300506032b6570032100', 'hex');

function signatureHolds(digest: Buffer, signature: string, publicKey: Buffer): boolean {
  const bytes = Buffer.from(signature, 'base64');
  if (bytes.length !== 64 || publicKey.length !== 32) return false;
  const key = createPublicKey({ key: Buffer.concat([SPKI_ED25519, publicKey]), format: 'der', type: 'spki' });
  return verify(null, digest, key, bytes);
}

function parseAddress(text: string): Address | null {
  try {
    return Address.parse(text);
  } catch {
    return null;
  }
}

/** The key to check against: the state init's when the wallet sent one, else the deployed wallet's. */
async function publicKeyOf(
  claim: TonProofClaim,
  address: Address,
  context: TonProofContext,
): Promise<{ key: Buffer } | TonProofResult> {
  let key: Buffer | null;
  if (claim.account.walletStateInit) {
    const fromInit = publicKeyFromStateInit(claim.account.walletStateInit, address);
    if (!fromInit.ok) return refuse('public-key', 'account.walletStateInit', fromInit.message);
    key = fromInit.publicKey;
  } else {
    key = await context.deployedPublicKey(address);
    if (!key)
      return refuse('public-key', 'account', 'the wallet sent no state init and the chain knows no public key for it');
  }
  const claimed = claim.account.publicKey;
  if (claimed && claimed.toLowerCase() !== key.toString('hex'))
    return refuse('public-key', 'account.publicKey', "is not the key in the wallet's state init");
  return { key };
}

/** Every check of TON Connect's ton_proof; the payload is spent only by a proof that passes all of them. */
export async function verifyTonProof(claim: TonProofClaim, context: TonProofContext): Promise<TonProofResult> {
  const { proof } = claim;
  const address = parseAddress(claim.account.address);
  if (!address) return refuse('address', 'account.address', 'is not a TON address');
  if (proof.domain.value !== context.domain || proof.domain.lengthBytes !== Buffer.byteLength(proof.domain.value))
    return refuse('domain', 'proof.domain', `is ${proof.domain.value}, not this service's host ${context.domain}`);
  if (Math.abs(context.now - proof.timestamp * 1000) > TON_PROOF_WINDOW_MS)
    return refuse(
      'timestamp',
      'proof.timestamp',
      'is more than 15 minutes from now; check the clock and connect again',
    );
  const status = context.payloadStatus(proof.payload);
  if (status !== 'open') return refuse(PAYLOAD_REFUSALS[status][0], 'proof.payload', PAYLOAD_REFUSALS[status][1]);
  const key = await publicKeyOf(claim, address, context);
  if (!('key' in key)) return key;
  if (!signatureHolds(tonProofDigest(address, proof), proof.signature, key.key))
    return refuse('signature', 'proof.signature', "does not verify against the wallet's public key");
  const spent = context.takePayload(proof.payload);
  if (spent !== 'open') return refuse(PAYLOAD_REFUSALS[spent][0], 'proof.payload', PAYLOAD_REFUSALS[spent][1]);
  return { ok: true, address, publicKey: key.key };
}
