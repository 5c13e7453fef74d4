/**
 * Builds what runs in other people's browsers, small and self-contained:
 *   dist/web/checkout/checkout.{js,css}      the HPP/EPP page (vanilla TS + qrcode-generator)
 *   dist/web/widgets/index-<version>.js      the ServiceWidget global (IIFE), pinned and
 *   dist/web/widgets/index-latest.js         latest (same bytes)
 *   dist/web/demo/merchant-demo.{js,css}     the sandbox demo shop's own script
 *   widget/dist/index.{js,d.ts}              the @tontill/widget ESM package
 *   dist/web/docs/scalar.js(.gz)             the API reference page's viewer (Scalar standalone, see docs-bundle.ts)
 *   widget/dist/index.global.js              the package's script build (ServiceWidget global, same bytes as latest)
 *   dist/web/widgets/tontill-widget-<v>.tgz  that package, packed as npm would (widget-package.ts)
 *   dist/web/docs/widget.html                widget/README.md as a page (widget-docs.ts)
 * Usage: npx tsx scripts/build-web.ts
 */
import { build, type BuildOptions, type OutputFile } from 'esbuild';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { scalarStandaloneBundle } from './docs-bundle';
import { gzipSync } from 'node:zlib';
import { widgetDocsPage } from './widget-docs';
import { packWidget, widgetTarballName } from './widget-package';

export interface BuildWebResult {
  outDir: string;
  widgetVersion: string;
  /** path relative to the repository -> bytes */
  files: Record<string, number>;
}

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const BROWSERS = ['es2020', 'chrome80', 'firefox78', 'safari15', 'edge80'];

/** Rename into place: a reader (a server starting, a parallel test build) never sees half a file. */
function writeAtomic(path: string, contents: Uint8Array | string): void {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  writeFileSync(tmp, contents);
  renameSync(tmp, path);
}

async function bundle(options: BuildOptions): Promise<Uint8Array> {
  const result = await build({
    bundle: true,
    write: false,
    logLevel: 'silent',
    legalComments: 'eof',
    charset: 'utf8',
    ...options,
  });
  const file = (result.outputFiles ?? []).find((f: OutputFile) => !f.path.endsWith('.map'));
  if (!file) throw new Error(`esbuild produced nothing for ${String(options.entryPoints)}`);
  return file.contents;
}

/** Declarations for the package, straight from the sources (they are written for isolatedDeclarations). */
function declarations(srcDir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of ['index', 'types']) {
    const fileName = join(srcDir, `${name}.ts`);
    const result = ts.transpileDeclaration(readFileSync(fileName, 'utf8'), {
      fileName,
      compilerOptions: { isolatedDeclarations: true, declaration: true, target: ts.ScriptTarget.ES2020 },
      reportDiagnostics: true,
    });
    if (result.diagnostics?.length)
      throw new Error(
        `declarations of ${fileName}: ${ts.flattenDiagnosticMessageText(result.diagnostics[0]!.messageText, '\n')}`,
      );
    out[`${name}.d.ts`] = result.outputText;
  }
  return out;
}

export async function buildWeb(options: { outDir?: string; root?: string } = {}): Promise<BuildWebResult> {
  const root = options.root ?? ROOT;
  const outDir = options.outDir ?? join(root, 'dist/web');
  const widgetVersion = (JSON.parse(readFileSync(join(root, 'widget/package.json'), 'utf8')) as { version: string })
    .version;
  const define = { __WIDGET_VERSION__: JSON.stringify(widgetVersion) };
  const browser: BuildOptions = { platform: 'browser', target: BROWSERS, minify: true };
  const [checkoutJs, checkoutCss, widgetIife, widgetEsm, demoJs, demoCss] = await Promise.all([
    bundle({ ...browser, entryPoints: [join(root, 'checkout/main.ts')], format: 'iife' }),
    bundle({ ...browser, entryPoints: [join(root, 'checkout/checkout.css')] }),
    bundle({
      ...browser,
      entryPoints: [join(root, 'widget/src/index.ts')],
      format: 'iife',
      globalName: 'ServiceWidget',
      define,
    }),
    bundle({
      platform: 'browser',
      target: BROWSERS,
      entryPoints: [join(root, 'widget/src/index.ts')],
      format: 'esm',
      define,
    }),
    bundle({ ...browser, entryPoints: [join(root, 'widget/demo/merchant-demo.ts')], format: 'iife' }),
    bundle({ ...browser, entryPoints: [join(root, 'widget/demo/merchant-demo.css')] }),
  ]);
  const scalar = await scalarStandaloneBundle();
  const outputs: Record<string, Uint8Array | string> = {
    [join(outDir, 'checkout/checkout.js')]: checkoutJs,
    [join(outDir, 'checkout/checkout.css')]: checkoutCss,
    [join(outDir, `widgets/index-${widgetVersion}.js`)]: widgetIife,
    [join(outDir, 'widgets/index-latest.js')]: widgetIife,
    [join(outDir, 'demo/merchant-demo.js')]: demoJs,
    [join(outDir, 'demo/merchant-demo.css')]: demoCss,
    [join(outDir, 'docs/scalar.js')]: scalar,
    // served as it is to a browser that takes gzip: the service keeps neither copy in memory
    [join(outDir, 'docs/scalar.js.gz')]: gzipSync(scalar, { level: 9 }),
    [join(root, 'widget/dist/index.js')]: widgetEsm,
    [join(root, 'widget/dist/index.global.js')]: widgetIife,
  };
  for (const [name, text] of Object.entries(declarations(join(root, 'widget/src'))))
    outputs[join(root, 'widget/dist', name)] = text;
  const files: Record<string, number> = {};
  for (const [path, contents] of Object.entries(outputs)) {
    writeAtomic(path, contents);
    files[relative(root, path)] = typeof contents === 'string' ? Buffer.byteLength(contents) : contents.byteLength;
  }
  // Packed from widget/dist as just written, with the README it documents.
  const packaged: Record<string, Uint8Array | string> = {
    [join(outDir, 'widgets', widgetTarballName(widgetVersion))]: packWidget(join(root, 'widget')),
    [join(outDir, 'docs/widget.html')]: widgetDocsPage(
      readFileSync(join(root, 'widget/README.md'), 'utf8'),
      widgetVersion,
    ),
  };
  for (const [path, contents] of Object.entries(packaged)) {
    writeAtomic(path, contents);
    files[relative(root, path)] = Buffer.byteLength(contents);
  }
  // Last: the server treats the manifest as "the build is complete".
  writeAtomic(join(outDir, 'manifest.json'), `${JSON.stringify({ widgetVersion }, null, 2)}\n`);
  return { outDir, widgetVersion, files };
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  buildWeb().then(
    (r) => {
      for (const [file, bytes] of Object.entries(r.files))
        console.log(`${file.padEnd(40)} ${String(bytes).padStart(7)} B`);
      console.log(`widget ${r.widgetVersion} built into ${relative(process.cwd(), r.outDir) || '.'}`);
    },
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
