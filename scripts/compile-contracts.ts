// Compiles the sandbox's test jetton (Tolk) into server/sandbox/contracts/compiled.json.
// The product only reads that file, so it never runs the compiler at start-up.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { runTolkCompiler } from '@ton/tolk-js';

export interface CompiledCode {
  codeBoc64: string;
  codeHashHex: string;
}

export interface CompiledContracts {
  tolkVersion: string;
  jettonMinter: CompiledCode;
  jettonWallet: CompiledCode;
}

const contractsDir = new URL('../server/sandbox/contracts/', import.meta.url);
export const compiledJsonPath = fileURLToPath(new URL('compiled.json', contractsDir));

async function compileOne(entry: string): Promise<{ code: CompiledCode; tolkVersion: string }> {
  const result = await runTolkCompiler({
    entrypointFileName: entry,
    fsReadCallback: (path) => readFileSync(new URL(path, contractsDir), 'utf8'),
  });
  if (result.status === 'error') throw new Error(`${entry}: ${result.message}`);
  return {
    code: { codeBoc64: result.codeBoc64, codeHashHex: result.codeHashHex.toLowerCase() },
    tolkVersion: result.tolkVersion,
  };
}

export async function compileJettonContracts(): Promise<CompiledContracts> {
  const minter = await compileOne('jetton-minter.tolk');
  const wallet = await compileOne('jetton-wallet.tolk');
  return { tolkVersion: minter.tolkVersion, jettonMinter: minter.code, jettonWallet: wallet.code };
}

async function main(): Promise<void> {
  const compiled = await compileJettonContracts();
  writeFileSync(compiledJsonPath, JSON.stringify(compiled, null, 2) + '\n');
  console.log(`wrote ${compiledJsonPath}`);
  console.log(`minter ${compiled.jettonMinter.codeHashHex}`);
  console.log(`wallet ${compiled.jettonWallet.codeHashHex}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
