/**
 * Bundles the Electron shell:
 *   dist/desktop/main.cjs                      main/index.ts with the service bundled in
 *   dist/desktop/preload.cjs                   preload/index.ts (sandboxed preload: one file, no imports but electron)
 *   dist/desktop/contracts/compiled.json       the sandbox jetton's code, read at runtime beside main.cjs
 *   dist/desktop/emulator-emscripten.*.cjs     the sandbox's WebAssembly, required at its first emulation
 *   dist/desktop/tray-icon.png, trayTemplate*.png   the tray icon (macOS: the template pair)
 * electron and native or optional packages stay external and ship in node_modules.
 * Usage: npx tsx scripts/build-desktop.ts
 */
import { build, type BuildOptions } from 'esbuild';
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { englishOnlyZod } from './build-server';
import { copyServerRuntimeFiles, emulatorBinaryNotKept, sandboxEmulatorBeside } from './server-runtime-files';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** Made by build/make-icon.mjs; main/app/tray.ts loads them from beside main.cjs. */
export const TRAY_ICONS = ['tray-icon.png', 'trayTemplate.png', 'trayTemplate@2x.png'];

/** Electron 45 runs Node 22. */
const TARGET = 'node22';

// better-sqlite3 is a native addon electron-builder rebuilds for Electron at packaging time, so it
// ships in node_modules (electron-builder.yml keeps only it and its `bindings` loader). The others
// are optional packages that are not installed and are only required inside try/catch.
export const EXTERNAL = ['electron', 'better-sqlite3', 'bufferutil', 'utf-8-validate', 'pino-pretty', 'fsevents'];

// The server reads files relative to import.meta.url (the jetton code, dist/web). In a CJS bundle
// import.meta is empty, so it is pointed at the bundle file itself.
const IMPORT_META_SHIM = "const __importMetaUrl = require('node:url').pathToFileURL(__filename).href;";

export interface BuildDesktopResult {
  outDir: string;
  files: Record<string, number>;
}

/**
 * What both bundles are built with. electron-updater and its dependencies are pure JS and bundled
 * in (it requires electron only when its autoUpdater is first used), so nothing ships for it.
 */
export const DESKTOP_BUILD_OPTIONS: BuildOptions = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: TARGET,
  external: EXTERNAL,
  sourcemap: 'linked',
  // As the service's build does (scripts/build-server.ts): pure ASCII, so V8 keeps the bundle's
  // source at one byte a character, without zod's unused locales
  legalComments: 'linked',
  minifyWhitespace: true,
  plugins: [englishOnlyZod, sandboxEmulatorBeside, emulatorBinaryNotKept],
  logLevel: 'warning',
  metafile: true,
};

export async function buildDesktop(options: { outDir?: string } = {}): Promise<BuildDesktopResult> {
  const outDir = options.outDir ?? join(ROOT, 'dist/desktop');
  const common = DESKTOP_BUILD_OPTIONS;
  const [mainResult, preloadResult] = await Promise.all([
    build({
      ...common,
      entryPoints: [join(ROOT, 'main/index.ts')],
      outfile: join(outDir, 'main.cjs'),
      banner: { js: IMPORT_META_SHIM },
      define: { 'import.meta.url': '__importMetaUrl' },
    }),
    build({ ...common, entryPoints: [join(ROOT, 'preload/index.ts')], outfile: join(outDir, 'preload.cjs') }),
  ]);
  // The server's modules are now main.cjs: what they read beside themselves goes beside it.
  copyServerRuntimeFiles(outDir);
  mkdirSync(outDir, { recursive: true });
  for (const icon of TRAY_ICONS) copyFileSync(join(ROOT, 'build', icon), join(outDir, icon));
  const files: Record<string, number> = {};
  for (const result of [mainResult, preloadResult]) {
    for (const [file, meta] of Object.entries(result.metafile?.outputs ?? {})) {
      if (!file.endsWith('.map')) files[relative(ROOT, resolve(ROOT, file))] = meta.bytes;
    }
  }
  return { outDir, files };
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  buildDesktop().then(
    (r) => {
      for (const [file, bytes] of Object.entries(r.files))
        console.log(`${file.padEnd(32)} ${String(bytes).padStart(9)} B`);
      console.log(`desktop shell built into ${relative(process.cwd(), r.outDir) || '.'}`);
    },
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
