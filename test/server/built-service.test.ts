// The service as `npm run serve` runs it: the launcher (which rebuilds dist/server if its sources
// changed) running the built entry. It takes invoices as soon as it listens, before its sandbox
// chain has opened, with the merchant address that chain then really has.
import { execFile, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../../scripts/build-freshness.mjs';
import { cliArgs } from '../helpers/service-process';
import { tempDir } from '../helpers/test-app';

const ROOT = join(import.meta.dirname, '..', '..');
const INVOICE = JSON.stringify({ currency: 'USDT', mainCurrency: 'TON', amount: '10.00' });

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The URL in service.json once this very process (not an earlier one) has written it: right after it listens. */
async function listening(dataDir: string, pid: number, exited: () => boolean): Promise<string> {
  for (;;) {
    if (exited()) throw new Error('the service exited before listening');
    try {
      const info = JSON.parse(readFileSync(join(dataDir, 'service.json'), 'utf8')) as {
        url: string;
        pid: number;
        consoleToken: string;
      };
      if (info.pid === pid) return info.url;
    } catch {
      /* not written yet */
    }
    await pause(5);
  }
}

describe('the built service', () => {
  const dirs: Array<{ remove(): void }> = [];
  const stops: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const stop of stops.splice(0)) await stop();
    for (const dir of dirs.splice(0)) dir.remove();
  });

  /** `npm run serve` on a fresh data directory with an API key; resolves once it listens. */
  async function startBuilt() {
    const dir = tempDir();
    dirs.push(dir);
    const { stdout } = await promisify(execFile)(
      process.execPath,
      cliArgs('keys', ['create', '--data-dir', dir.path]),
      { cwd: ROOT },
    );
    const headers = { 'x-api-key': stdout.trim().split('\n').at(-1)!, 'content-type': 'application/json' };

    const child = spawn(process.execPath, cliArgs('serve', ['--data-dir', dir.path, '--port', '0']), {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let exited = false;
    const gone = new Promise<void>((resolve) =>
      child.once('exit', () => {
        exited = true;
        resolve();
      }),
    );
    stops.push(async () => {
      if (!exited) child.kill('SIGTERM');
      await gone;
    });
    const running = new Promise<void>((resolve) =>
      createInterface({ input: child.stdout! }).on('line', (line) => {
        if (line.startsWith('TonTill is running')) resolve();
      }),
    );
    const url = await listening(dir.path, child.pid!, () => exited);
    return { dir, headers, url, running };
  }

  it('creates an invoice and reads its status right after it listens, on a fresh data directory', async () => {
    const { dir, headers, url, running } = await startBuilt();
    const created = await fetch(`${url}/crypto/deposit/invoice`, { method: 'POST', headers, body: INVOICE });
    expect(created.status).toBe(200);
    const payment = (await created.json()) as { id: string; address: string; status: string };
    const status = await fetch(`${url}/crypto/payment/${payment.id}`, { headers });
    expect(await status.json()).toMatchObject({
      id: payment.id,
      status: 'pending',
      amount: '10.00',
      address: payment.address,
    });

    await running;
    const { consoleToken } = JSON.parse(readFileSync(join(dir.path, 'service.json'), 'utf8')) as {
      consoleToken: string;
    };
    const watcher = await (
      await fetch(`${url}/console/api/watcher`, { headers: { authorization: `Bearer ${consoleToken}` } })
    ).json();
    expect(watcher).toMatchObject({ mode: 'sandbox', merchantAddress: payment.address });
    // nothing emulated yet: the chain is set up at its first payment, and its seed file keeps its wallets until then
    expect(existsSync(join(dir.path, 'sandbox-chain.json'))).toBe(false);
    expect(existsSync(join(dir.path, 'sandbox-chain.seed'))).toBe(true);
  });

  it('is pure ASCII, so V8 holds each module source at one byte a character', () => {
    ensureBuilt(ROOT, ['server']);
    const outDir = join(ROOT, 'dist', 'server');
    const wide = readdirSync(outDir)
      .filter((name) => name.endsWith('.js'))
      .flatMap((name) => {
        const text = readFileSync(join(outDir, name), 'utf8');
        const at = text.search(/[^\x00-\x7f]/);
        return at < 0 ? [] : [`${name}: ${text.slice(Math.max(0, at - 40), at + 10)}`];
      });
    expect(wide).toEqual([]);
  });

  it('pays through a sandbox emulator whose WebAssembly ships beside it and is not kept in memory', async () => {
    ensureBuilt(ROOT, ['server']);
    const outDir = join(ROOT, 'dist', 'server');
    const executor = join(ROOT, 'node_modules', '@ton', 'sandbox', 'dist', 'executor');
    // as .cjs: beside the bundle, under package.json's "type": "module", a .js file is an ES module
    for (const name of ['emulator-emscripten.wasm', 'emulator-emscripten.debugger.bpatch.gzip'])
      expect(readFileSync(join(outDir, `${name}.cjs`)).equals(readFileSync(join(executor, `${name}.js`))), name).toBe(
        true,
      );
    const chunks = readdirSync(outDir).filter((name) => name.startsWith('chunk-') && name.endsWith('.js'));
    const texts = chunks.map((name) => readFileSync(join(outDir, name), 'utf8'));
    // "\0asm" in base64: no chunk (whose source V8 keeps for good once loaded) embeds the module
    expect(texts.filter((text) => text.includes('AGFzbQEAAAAB'))).toEqual([]);
    // @ton/sandbox keeps the decoded bytes in a variable of its own unless the build says otherwise
    const sandbox = texts.filter((text) => text.includes('function getWasmBinary()'));
    expect(sandbox).toHaveLength(1);
    expect(sandbox[0]).not.toMatch(/wasmBinary=new Uint8Array/);

    const { dir, headers, url } = await startBuilt();
    const created = await fetch(`${url}/crypto/deposit/invoice`, { method: 'POST', headers, body: INVOICE });
    const { id } = (await created.json()) as { id: string };
    const { stdout } = await promisify(execFile)(
      process.execPath,
      cliArgs('simulate', ['pay', id, '--data-dir', dir.path]),
      { cwd: ROOT },
    );
    expect(stdout).toContain(`payment ${id}: paid, paid 10.00 of 10.00 USDT`);
  });
});
