import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseInboundJettonTransfer } from '../../server/chain/parse-transfer';
import { SandboxChain } from '../../server/sandbox/sandbox-chain';
import type { TxCursor } from '../../server/chain/types';
import { fetchNewTransactions } from '../../server/watcher/transaction-poller';
import { tempDir } from '../helpers/test-app';

let clock = 1_760_000_000;
const now = () => clock;
const dir = tempDir('tontill-sandbox-durability-');
const stateFile = join(dir.path, 'sandbox-chain.json');
let chain: SandboxChain;

/** What the watcher would commit right now: the newest transaction of the merchant's jetton wallet. */
const watcherHead = async (c: SandboxChain) =>
  (await fetchNewTransactions(c.source(), c.merchantJettonWallet, null, { pageSize: 50 })).head;

beforeAll(async () => {
  chain = await SandboxChain.open({ stateFile, seed: 'durability', now });
});
afterAll(() => dir.remove());

describe('SandboxChain durability', () => {
  it('never serves a transfer that a crash could still lose, so the watcher resumes after a crash at any moment', async () => {
    // Watch as often as the event loop allows while a payment is emulated and saved, and note
    // every (cursor the watcher could commit, state file a crash would leave) pair.
    const moments = new Map<string, { cursor: TxCursor; disk: string }>();
    let settled = false;
    clock += 10;
    const paying = chain.pay({ amount: 1_000_000n, comment: 'INV-durable' }).finally(() => {
      settled = true;
    });
    while (!settled) {
      const cursor = (await watcherHead(chain))!;
      const disk = readFileSync(stateFile, 'utf8');
      moments.set(`${cursor.hash}:${createHash('sha256').update(disk).digest('hex')}`, { cursor, disk });
      await nextTurn();
    }
    await paying;

    for (const { cursor, disk } of moments.values()) {
      const crashDir = tempDir('tontill-sandbox-crash-');
      try {
        const crashFile = join(crashDir.path, 'sandbox-chain.json');
        writeFileSync(crashFile, disk);
        const restarted = await SandboxChain.open({ stateFile: crashFile, now });
        clock += 10;
        await restarted.pay({ amount: 2_000_000n, comment: 'INV-after-crash' });
        const next = await fetchNewTransactions(restarted.source(), restarted.merchantJettonWallet, cursor, {
          pageSize: 50,
        });
        expect(next.transactions.map((tx) => parseInboundJettonTransfer(tx, 'USDT')?.comment)).toContain(
          'INV-after-crash',
        );
      } finally {
        crashDir.remove();
      }
    }
  });

  it('removes temporary files that a crashed writer left behind, and only those', async () => {
    const leftovers = ['sandbox-chain.json.4242.tmp', 'sandbox-chain.json.7.tmp'];
    const unrelated = ['sandbox-chain.json.bak', 'other.json.4242.tmp', 'sandbox-chain.json.tmp.keep'];
    for (const name of [...leftovers, ...unrelated]) writeFileSync(join(dir.path, name), '{"half":');
    await SandboxChain.open({ stateFile, now });
    for (const name of leftovers) expect(existsSync(join(dir.path, name))).toBe(false);
    for (const name of unrelated) expect(existsSync(join(dir.path, name))).toBe(true);
  });

  it('leaves no temporary file after saving', () => {
    expect(readdirSync(dir.path).filter((n) => /^sandbox-chain\.json\.\d+\.tmp$/.test(n))).toEqual([]);
  });
});

describe('a restored chain', () => {
  it('serves its history and its jetton wallets without the emulator, which loads for the next transfer', async () => {
    const copy = tempDir('tontill-sandbox-restored-');
    try {
      const file = join(copy.path, 'sandbox-chain.json');
      writeFileSync(file, readFileSync(stateFile, 'utf8'));
      const restored = await SandboxChain.open({ stateFile: file, now });
      expect(restored.merchantJettonWallet.equals(chain.merchantJettonWallet)).toBe(true);
      expect(await watcherHead(restored)).toEqual(await watcherHead(chain));
      clock += 10;
      await restored.pay({ amount: 3_000_000n, comment: 'INV-restored' });
      const [newest] = await restored.source().getTransactions(restored.merchantJettonWallet, { limit: 1 });
      expect(parseInboundJettonTransfer(newest!, 'USDT')?.comment).toBe('INV-restored');
    } finally {
      copy.remove();
    }
  });

  it('written before the jetton wallets were kept, learns them from its minters and keeps them', async () => {
    const copy = tempDir('tontill-sandbox-old-');
    try {
      const file = join(copy.path, 'sandbox-chain.json');
      const state = JSON.parse(readFileSync(stateFile, 'utf8')) as { addresses: Record<string, string> };
      const { merchantJettonWallet: _m, payerJettonWallet: _p, payerFakeJettonWallet: _f, ...older } = state.addresses;
      writeFileSync(file, JSON.stringify({ ...state, addresses: older }));
      const restored = await SandboxChain.open({ stateFile: file, now });
      expect(restored.merchantJettonWallet.equals(chain.merchantJettonWallet)).toBe(true);
      const kept = (JSON.parse(readFileSync(file, 'utf8')) as typeof state).addresses;
      expect(kept).toEqual(state.addresses);
    } finally {
      copy.remove();
    }
  });
});

describe('a damaged sandbox state file', () => {
  const good = () => JSON.parse(readFileSync(stateFile, 'utf8')) as Record<string, unknown>;
  const cases: [string, () => string, RegExp][] = [
    ['truncated JSON', () => readFileSync(stateFile, 'utf8').slice(0, 5_000), /not valid JSON/],
    ['an empty file', () => '', /not valid JSON/],
    ['the wrong shape', () => JSON.stringify({ ...good(), transactions: 'none' }), /transactions/],
    ['a missing snapshot', () => JSON.stringify({ ...good(), snapshot: undefined }), /snapshot/],
    ['another format version', () => JSON.stringify({ ...good(), version: 2 }), /version 2/],
    [
      'an undecodable transaction',
      () => JSON.stringify({ ...good(), transactions: [{ account: `0:${'0'.repeat(64)}`, boc: 'AAAA' }] }),
      /cannot be decoded/,
    ],
  ];

  it.each(cases)('with %s stops the chain from opening and says what to do', async (_, content, reason) => {
    const damaged = tempDir('tontill-sandbox-damaged-');
    try {
      const file = join(damaged.path, 'sandbox-chain.json');
      writeFileSync(file, content());
      const opening = SandboxChain.open({ stateFile: file, now });
      await expect(opening).rejects.toThrow(reason);
      await expect(opening).rejects.toThrow(file);
      await expect(opening).rejects.toThrow(/restore .*backup.*move it aside/i);
      expect(readFileSync(file, 'utf8')).toBe(content()); // never overwritten with a fresh chain
    } finally {
      damaged.remove();
    }
  });
});
