// The sandbox chain's state file: blockchain snapshot plus recorded transactions. It is written
// atomically and durably, because the ledger's watcher cursor points into the history it holds.
import { mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { snapshotToSerializable } from '@ton/sandbox';
import { z } from 'zod';
import { failpoint } from '../util/failpoints';
import { syncDirectory } from '../util/sync-directory';
import type { RecordedTx } from './sandbox-tx-log';

export type SerializableSnapshot = ReturnType<typeof snapshotToSerializable>;

export interface SandboxAddresses {
  admin: string;
  attacker: string;
  payer: string;
  merchant: string;
  jettonMaster: string;
  fakeJettonMaster: string;
}

/** The USDT wallets the minters answered for, raw: kept so that a restored chain needs no emulator to know them. */
export interface JettonWallets {
  merchantJettonWallet: string;
  payerJettonWallet: string;
  payerFakeJettonWallet: string;
}

export interface SandboxStateFile {
  version: 1;
  /** derives the sandbox wallets' keys; test money only */
  seed: string;
  /** last blockchain time used (unix seconds): sandbox time must never go backwards */
  lastNow: number;
  /** the jetton wallets are missing from files written before they were kept */
  addresses: SandboxAddresses & Partial<JettonWallets>;
  snapshot: SerializableSnapshot;
  transactions: RecordedTx[];
}

/** The state file exists but cannot be used; starting a fresh chain over it would be a silent loss. */
export class SandboxStateError extends Error {
  override readonly name = 'SandboxStateError';
}

export function unusableStateError(file: string, reason: string): SandboxStateError {
  return new SandboxStateError(
    `${file} cannot be read as the sandbox chain (${reason}). Restore it from a backup of the data directory, ` +
      'or move it aside to start a fresh sandbox chain. A fresh chain loses only sandbox test money: it has new ' +
      'wallets, so the watcher starts over on the new merchant wallet; payments keep what was already credited ' +
      'to them, and payments still due can be paid on the new chain.',
  );
}

const RawAddress = z.string().regex(/^-?\d+:[0-9a-f]{64}$/);
const Base64 = z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/);

/** Every field our loader and the sandbox's snapshotFromSerializable read; decoding errors are caught by the caller. */
const StateShape = z.object({
  version: z.literal(1),
  seed: z.string().min(1),
  lastNow: z.number().int().nonnegative(),
  addresses: z.object({
    admin: RawAddress,
    attacker: RawAddress,
    payer: RawAddress,
    merchant: RawAddress,
    jettonMaster: RawAddress,
    fakeJettonMaster: RawAddress,
    merchantJettonWallet: RawAddress.optional(),
    payerJettonWallet: RawAddress.optional(),
    payerFakeJettonWallet: RawAddress.optional(),
  }),
  snapshot: z.looseObject({
    contracts: z.array(z.looseObject({ address: z.string(), account: Base64, lastTxTime: z.number() })),
    networkConfig: Base64,
    lt: z.string().regex(/^\d+$/),
    time: z.number().optional(),
    verbosity: z.looseObject({}),
    libs: Base64.optional(),
    nextCreateWalletIndex: z.number().int(),
    prevBlocksInfo: z
      .looseObject({ lastMcBlocks: z.array(z.looseObject({})), prevKeyBlock: z.looseObject({}) })
      .optional(),
    randomSeed: z.string().optional(),
    autoDeployLibs: z.boolean(),
    transactions: z.array(z.looseObject({})),
  }),
  transactions: z.array(z.object({ account: RawAddress, boc: Base64.min(1) })),
});

function shapeProblem(value: unknown): string | null {
  const version = (value as { version?: unknown } | null)?.version;
  if (typeof version === 'number' && version !== 1)
    return `format version ${version}, written by another TonTill version; this one reads version 1`;
  const result = StateShape.safeParse(value);
  if (result.success) return null;
  const [issue] = result.error.issues;
  return `${issue!.path.join('.') || 'the file'}: ${issue!.message}`;
}

export async function readSandboxState(file: string): Promise<SandboxStateFile | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw unusableStateError(file, `not valid JSON: ${(err as Error).message}`);
  }
  const problem = shapeProblem(value);
  if (problem) throw unusableStateError(file, problem);
  // The schema checked the shape; the sandbox's own types describe it more precisely.
  return value as SandboxStateFile;
}

/** Leftovers of writers killed mid-write (the service owns its data directory, so none is live). */
export async function removeStaleTempFiles(file: string): Promise<void> {
  const dir = dirname(file);
  const prefix = `${basename(file)}.`;
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  const stale = names.filter((name) => name.startsWith(prefix) && /^\d+\.tmp$/.test(name.slice(prefix.length)));
  await Promise.all(stale.map((name) => rm(join(dir, name), { force: true })));
}

/** Returns once the new state is in place and survives a power cut, not merely a process crash. */
export async function writeSandboxState(file: string, state: SandboxStateFile): Promise<void> {
  await writeDurably(file, JSON.stringify(state), () => failpoint('sandbox-state-before-rename'));
}

/** Replaces `file` atomically (a reader sees the old or the new content) and durably. */
export async function writeDurably(
  file: string,
  content: string,
  beforeRename: () => void = () => undefined,
): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  const fh = await open(tmp, 'w', 0o600);
  try {
    await fh.writeFile(content);
    await fh.sync();
  } finally {
    await fh.close();
  }
  beforeRename();
  await rename(tmp, file);
  await syncDirectory(dirname(file));
}
