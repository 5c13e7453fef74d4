/**
 * Files the server reads at run time next to its own module (through import.meta.url or require). A
 * bundle moves that module, so every build of the server copies them beside the bundle it writes.
 */
import type { Plugin } from 'esbuild';
import { copyFileSync, mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * @ton/sandbox requires its emulator (6.7 MB of base64 WebAssembly, and a 1.3 MB debugger patch) only
 * when a sandbox chain makes an emulator. Bundled, they were part of code V8 holds for the life of the
 * process (the service's sandbox chunk once loaded, the desktop's main.cjs on every till), so they ship
 * beside the bundle, and the service lets Node forget them once decoded (server/sandbox/sandbox-emulator.ts).
 * As .cjs: they are CommonJS, and package.json's "type": "module" (which the packaged app ships above
 * the bundle) makes Node load any .js file beside the bundle as an ES module.
 */
const SANDBOX_EMULATOR_FILES = ['emulator-emscripten.wasm', 'emulator-emscripten.debugger.bpatch.gzip'];

/** source (relative to the repository) -> where the bundled code looks for it (relative to the bundle) */
export const SERVER_RUNTIME_FILES: Record<string, string> = {
  // server/sandbox/jetton-contracts.ts: new URL('./contracts/compiled.json', import.meta.url)
  'server/sandbox/contracts/compiled.json': 'contracts/compiled.json',
  // @ton/sandbox's Executor: require('./emulator-emscripten.wasm.js'), made .cjs by sandboxEmulatorBeside
  ...Object.fromEntries(
    SANDBOX_EMULATOR_FILES.map((name) => [`node_modules/@ton/sandbox/dist/executor/${name}.js`, `${name}.cjs`]),
  ),
};

export function copyServerRuntimeFiles(outDir: string): void {
  for (const [from, to] of Object.entries(SERVER_RUNTIME_FILES)) {
    mkdirSync(dirname(join(outDir, to)), { recursive: true });
    copyFileSync(join(ROOT, from), join(outDir, to));
  }
}

const SANDBOX_EXECUTOR = /[\\/]@ton[\\/]sandbox[\\/]dist[\\/]executor[\\/]/;

/** Leaves the emulator's files out of the bundle: @ton/sandbox's require() finds them beside it, as .cjs. */
export const sandboxEmulatorBeside: Plugin = {
  name: 'sandbox-emulator-beside',
  setup(b) {
    b.onResolve({ filter: /^\.\/emulator-emscripten\..*\.js$/ }, (args) => {
      const name = args.path.slice('./'.length, -'.js'.length);
      return SANDBOX_EMULATOR_FILES.includes(name) && SANDBOX_EXECUTOR.test(args.importer)
        ? { path: `./${name}.cjs`, external: true }
        : undefined;
    });
  },
};

/**
 * @ton/sandbox keeps the decoded WebAssembly (5 MB) in a variable of its own for the life of the
 * process, though only making an emulator needs it, and a resting service lets its emulator go: built,
 * it decodes the bytes for each emulator it makes, with Node's own base64 decoder (its JavaScript one
 * took 100 ms of each emulator made; Node's takes a few).
 */
export const emulatorBinaryNotKept: Plugin = {
  name: 'emulator-binary-not-kept',
  setup(b) {
    const wasm = "require('./emulator-emscripten.wasm.js').EmulatorEmscriptenWasm";
    const kept = `wasmBinary = new Uint8Array((0, base64_1.base64Decode)(${wasm}));`;
    const fresh = `return new Uint8Array(Buffer.from(${wasm}, 'base64'));`;
    b.onLoad({ filter: /[\\/]@ton[\\/]sandbox[\\/]dist[\\/]executor[\\/]Executor\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes(kept))
        throw new Error(`${args.path}: @ton/sandbox's getWasmBinary has changed; update this plugin`);
      return { contents: source.replace(kept, fresh), loader: 'js', resolveDir: dirname(args.path) };
    });
  },
};
