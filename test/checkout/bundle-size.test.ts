import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildWeb, type BuildWebResult } from '../../scripts/build-web';

const KB = 1024;
const gz = (path: string): number => gzipSync(readFileSync(path), { level: 9 }).byteLength;
/**
 * What "Pay with wallet" costs in the checkout for @tonconnect/sdk 3.4.1 itself (with
 * @tonconnect/protocol and tweetnacl, which it needs for the bridge's encrypted sessions): 37.7 KB
 * gzipped, measured as the checkout builds it (esbuild, minified, the same targets). The page's own
 * code keeps its 30 KB.
 */
const TON_CONNECT_SDK = 38 * KB;

/** The checkout and the widget load on customers' phones and merchants' pages: keep them tiny. */
describe('browser bundle sizes (gzip)', () => {
  let build: BuildWebResult;
  beforeAll(async () => {
    build = await buildWeb();
  });

  it('checkout page script + styles stay under 30 KB plus the TON Connect SDK, the widget under 5 KB', () => {
    const sizes = {
      'checkout.js': gz(join(build.outDir, 'checkout/checkout.js')),
      'checkout.css': gz(join(build.outDir, 'checkout/checkout.css')),
      [`index-${build.widgetVersion}.js (widget)`]: gz(join(build.outDir, `widgets/index-${build.widgetVersion}.js`)),
    };
    console.log(
      Object.entries(sizes)
        .map(([name, bytes]) => `${name}: ${(bytes / KB).toFixed(2)} KB gzipped`)
        .join('\n'),
    );
    expect(sizes['checkout.js']).toBeLessThan(30 * KB + TON_CONNECT_SDK);
    expect(sizes['checkout.js'] + sizes['checkout.css']).toBeLessThan(30 * KB + TON_CONNECT_SDK);
    expect(sizes[`index-${build.widgetVersion}.js (widget)`]).toBeLessThan(5 * KB);
  });

  it('the pinned and latest widget builds are the same bytes, and the build is reproducible', async () => {
    const pinned = readFileSync(join(build.outDir, `widgets/index-${build.widgetVersion}.js`));
    expect(pinned.equals(readFileSync(join(build.outDir, 'widgets/index-latest.js')))).toBe(true);
    const again = await buildWeb();
    expect(readFileSync(join(again.outDir, `widgets/index-${again.widgetVersion}.js`)).equals(pinned)).toBe(true);
  });

  it('the npm package is an ESM build exporting init, with declarations, and ships the script build for plain pages', () => {
    const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '../../widget/package.json'), 'utf8')) as {
      name: string;
      version: string;
      type: string;
    };
    expect(pkg).toMatchObject({ name: '@tontill/widget', type: 'module', version: build.widgetVersion });
    const esm = readFileSync(join(import.meta.dirname, '../../widget/dist/index.js'), 'utf8');
    expect(esm).toMatch(/export\s*\{[^}]*\binit\b[^}]*\}/);
    expect(readFileSync(join(import.meta.dirname, '../../widget/dist/index.d.ts'), 'utf8')).toContain(
      'export declare function init(options: InitOptions): WidgetHandle;',
    );
    const script = readFileSync(join(import.meta.dirname, '../../widget/dist/index.global.js'));
    expect(script.equals(readFileSync(join(build.outDir, 'widgets/index-latest.js')))).toBe(true);
  });
});
