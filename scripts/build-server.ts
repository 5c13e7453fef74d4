/**
 * Bundles the service's command-line entry points for Node, so `npm run serve` and the other CLIs
 * start from JavaScript instead of transpiling TypeScript at every start:
 *   dist/server/{serve,keys,webhooks,simulate,console}.js  server/cli/<name>.ts (ESM, linked source maps)
 *   dist/server/chunk-*.js                          code shared by entries, or imported only when
 *                                                   needed (the sandbox emulator, toncenter, the watcher)
 *   dist/server/contracts/compiled.json             read at run time beside the bundle
 *   dist/server/emulator-emscripten.*.cjs           the sandbox's WebAssembly, required at its first emulation
 * The pure-JS packages are bundled in too, as the desktop bundle does: resolving and reading
 * hundreds of files of node_modules one by one took a quarter of every start (cold start 1,000 -> 750 ms).
 * better-sqlite3 (native) and electron stay outside. pino is bundled too (loading its 30 files took
 * 25 ms of a start): only a transport starts a worker from pino's own files, and the service sets none.
 * scripts/run-built.mjs runs this when the sources changed.
 * Usage: npx tsx scripts/build-server.ts
 */
import { build, type Plugin } from 'esbuild';
import { readdirSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SERVER_ENTRIES } from './build-freshness.mjs';
import { copyServerRuntimeFiles, emulatorBinaryNotKept, sandboxEmulatorBeside } from './server-runtime-files';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Bundled CommonJS packages call require() (Node's own modules, the packages left outside) and a few
 * read __dirname (emscripten's loader, to find a wasm file it is handed in memory anyway): an ES
 * module has none of the three, so each output file defines them.
 */
const BANNER = [
  "import { createRequire as __tontillRequire } from 'node:module';",
  "import { dirname as __tontillDirname } from 'node:path';",
  "import { fileURLToPath as __tontillPath } from 'node:url';",
  'const require = __tontillRequire(import.meta.url);',
  'const __filename = __tontillPath(import.meta.url);',
  'const __dirname = __tontillDirname(__filename);',
].join(' ');

export interface BuildServerResult {
  outDir: string;
  /** path relative to the repository -> bytes, source maps left out */
  files: Record<string, number>;
}

export async function buildServer(options: { outDir?: string } = {}): Promise<BuildServerResult> {
  const outDir = options.outDir ?? join(ROOT, 'dist/server');
  const result = await build({
    entryPoints: Object.fromEntries(SERVER_ENTRIES.map((name) => [name, join(ROOT, 'server/cli', `${name}.ts`)])),
    outdir: outDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: ['better-sqlite3', 'electron'],
    banner: { js: BANNER },
    // Dynamic imports become chunks of their own, loaded when first needed rather than at start.
    // Chunks sit beside the entries: what the server reads relative to its module must be found from either.
    splitting: true,
    chunkNames: 'chunk-[hash]',
    // Maps name server/…ts lines in stack traces; the packages' own sources stay in node_modules.
    sourcemap: 'linked',
    sourcesContent: false,
    // V8 keeps each module's source on its heap for as long as the process runs, two bytes a
    // character if one character is not Latin-1 (a dash or an ellipsis in a comment).
    // Without comments and spaces, and with licences in a *.LEGAL.txt beside their chunk, the main
    // chunk is 1.6 MB of ASCII instead of 2.3 MB held as 4.4 MB. Names are kept: stack traces still read.
    legalComments: 'linked',
    minifyWhitespace: true,
    logLevel: 'warning',
    metafile: true,
    plugins: [quietTonConnectSdk, englishOnlyZod, sandboxEmulatorBeside, emulatorBinaryNotKept],
  });
  copyServerRuntimeFiles(outDir);
  const files: Record<string, number> = {};
  for (const [file, meta] of Object.entries(result.metafile.outputs)) {
    if (!file.endsWith('.map')) files[relative(ROOT, resolve(ROOT, file))] = meta.bytes;
  }
  removeOldChunks(outDir, new Set(Object.keys(result.metafile.outputs).map((file) => resolve(ROOT, file))));
  return { outDir, files };
}

/**
 * @tonconnect/sdk narrates every bridge message (whole transaction requests) on console.debug, with no
 * switch; the service logs through pino, so the built service leaves that one call out.
 */
const quietTonConnectSdk: Plugin = {
  name: 'quiet-tonconnect-sdk',
  setup(b) {
    b.onLoad({ filter: /@tonconnect[\\/]sdk[\\/]lib[\\/]esm[\\/]index\.mjs$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const quiet = source.replace("console.debug('[TON_CONNECT_SDK]', ...args);", '');
      if (quiet === source) throw new Error(`${args.path}: the SDK's debug log call has changed; update this plugin`);
      return { contents: quiet, loader: 'js' };
    });
  },
};

/**
 * zod's classic API exports all of its 64 error-message locales (`z.locales`), so every one was in
 * the bundle the service loads at start: 366 KB of its 3.7 MB, parsed at every start and kept in
 * memory. The service says what is wrong in its own English messages and uses none of them; zod
 * itself imports English directly.
 */
export const englishOnlyZod: Plugin = {
  name: 'english-only-zod',
  setup(b) {
    b.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const english = 'export { default as en } from "./en.js";';
      if (!source.includes(english))
        throw new Error(`${args.path}: zod's locale index has changed; update this plugin`);
      return { contents: english, loader: 'js', resolveDir: dirname(args.path) };
    });
  },
};

/** Chunks are named by content hash: those of earlier builds would pile up. */
function removeOldChunks(outDir: string, current: Set<string>): void {
  for (const name of readdirSync(outDir)) {
    if (name.startsWith('chunk-') && !current.has(join(outDir, name))) rmSync(join(outDir, name), { force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  buildServer().then(
    (r) => {
      for (const [file, bytes] of Object.entries(r.files))
        console.log(`${file.padEnd(40)} ${String(bytes).padStart(9)} B`);
      console.log(`server built into ${relative(process.cwd(), r.outDir) || '.'}`);
    },
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
