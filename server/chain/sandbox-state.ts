// The sandbox chain's state file: blockchain snapshot plus recorded transactions, written
// atomically so a crash never leaves a chain that disagrees with the ledger built on it.
import { mkdir, open, readFile, rename } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { snapshotToSerializable } from '@ton/sandbox';
import type { RecordedTx } from './sandbox-tx-log';

type SerializableSnapshot = ReturnType<typeof snapshotToSerializable>;

export interface SandboxAddresses {
  admin: string;
  attacker: string;
  payer: string;
  merchant: string;
  jettonMaster: string;
  fakeJettonMaster: string;
}

export interface SandboxStateFile {
  version: 1;
  /** derives the sandbox wallets' keys; test money only */
  seed: string;
  /** last blockchain time used (unix seconds): sandbox time must never go backwards */
  lastNow: number;
  addresses: SandboxAddresses;
  snapshot: SerializableSnapshot;
  transactions: RecordedTx[];
}

export async function readSandboxState(file: string): Promise<SandboxStateFile | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  const state = JSON.parse(text) as SandboxStateFile;
  if (state.version !== 1) throw new Error(`${file}: unsupported sandbox state version ${String(state.version)}`);
  return state;
}

export async function writeSandboxState(file: string, state: SandboxStateFile): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  const fh = await open(tmp, 'w', 0o600);
  try {
    await fh.writeFile(JSON.stringify(state));
    await fh.sync();
  } finally {
    await fh.close();
  }
  await rename(tmp, file);
}
