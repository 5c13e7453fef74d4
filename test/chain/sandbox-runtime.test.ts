// The sandbox merchant is known before the emulator loads: from the state file, or for a new chain
// from a seed kept on disk until the chain's first save. A crash in between must bring back the
// same wallets (payments already name them); a chain started afresh later must get new ones.
import { existsSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareSandbox } from '../../server/runtime/sandbox-runtime';
import { tempDir } from '../helpers/test-app';

describe('sandbox runtime', () => {
  const dir = tempDir('tontill-sandbox-runtime-');
  afterAll(() => dir.remove());

  it("keeps a new chain's merchant across a crash before its first save, and only until then", async () => {
    const first = await prepareSandbox(dir.path);
    expect(existsSync(join(dir.path, 'sandbox-chain.seed'))).toBe(true);
    // the process dies here: the emulator never opened, payments were already given this address
    const again = await prepareSandbox(dir.path);
    expect(again.info).toEqual(first.info);

    const opened = await again.open();
    expect(opened.info.merchantAddress).toBe(first.info.merchantAddress);
    // nothing emulated yet: the chain is set up (and first saved) at its first payment
    expect(existsSync(join(dir.path, 'sandbox-chain.json'))).toBe(false);
    expect(existsSync(join(dir.path, 'sandbox-chain.seed'))).toBe(true);
    await opened.sandbox!.pay({ amount: 1_000_000n, comment: 'first' });
    expect(existsSync(join(dir.path, 'sandbox-chain.json'))).toBe(true);
    expect(existsSync(join(dir.path, 'sandbox-chain.seed'))).toBe(false);
    expect((await prepareSandbox(dir.path)).info).toEqual(first.info);

    // the merchant moves the state file aside to start afresh: new wallets, as the error message promises
    renameSync(join(dir.path, 'sandbox-chain.json'), join(dir.path, 'old-chain.json'));
    expect((await prepareSandbox(dir.path)).info.merchantAddress).not.toBe(first.info.merchantAddress);
  });
});
