import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultWebDir } from '../config/built-dirs';

/** One built file held in memory: served byte-identical on every request, with its hashes precomputed. */
export interface WebAsset {
  body: Buffer;
  type: string;
  etag: string;
  /** Subresource Integrity value: sha384-<base64> */
  integrity: string;
}

export interface WidgetBuild extends WebAsset {
  version: string;
}

export interface WebAssets {
  dir: string;
  /** content-hashed URL -> asset (checkout script and styles, demo files) */
  byUrl: Map<string, WebAsset>;
  urls: { checkoutJs: string; checkoutCss: string; demoJs: string; demoCss: string };
  widgetLatest: WidgetBuild;
  widgets: Map<string, WidgetBuild>;
}

export const BUILD_COMMAND = 'npx tsx scripts/build-web.ts';
const TYPES: Record<string, string> = { js: 'text/javascript; charset=utf-8', css: 'text/css; charset=utf-8' };
const VERSIONED = /^index-(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?)\.js$/;

export class WebAssetsMissingError extends Error {
  override name = 'WebAssetsMissingError';
}

function asset(body: Buffer, ext: string): WebAsset {
  return {
    body,
    type: TYPES[ext] ?? 'application/octet-stream',
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
    integrity: `sha384-${createHash('sha384').update(body).digest('base64')}`,
  };
}

function read(dir: string, file: string): Buffer {
  const path = join(dir, file);
  if (!existsSync(path))
    throw new WebAssetsMissingError(`${path} is missing: build the checkout and widget with \`${BUILD_COMMAND}\``);
  return readFileSync(path);
}

/** Reads every built file once; throws WebAssetsMissingError naming the build command if the build is absent. */
export function loadWebAssets(dir: string = defaultWebDir()): WebAssets {
  const manifest = JSON.parse(read(dir, 'manifest.json').toString('utf8')) as { widgetVersion: string };
  const byUrl = new Map<string, WebAsset>();
  const hashed = (file: string, name: string): string => {
    const ext = file.slice(file.lastIndexOf('.') + 1);
    const a = asset(read(dir, file), ext);
    const url = `/assets/${name}.${createHash('sha256').update(a.body).digest('hex').slice(0, 12)}.${ext}`;
    byUrl.set(url, a);
    return url;
  };
  const urls = {
    checkoutJs: hashed('checkout/checkout.js', 'checkout'),
    checkoutCss: hashed('checkout/checkout.css', 'checkout'),
    demoJs: hashed('demo/merchant-demo.js', 'merchant-demo'),
    demoCss: hashed('demo/merchant-demo.css', 'merchant-demo'),
  };
  const widgets = new Map<string, WidgetBuild>();
  for (const file of readdirSync(join(dir, 'widgets'))) {
    const version = VERSIONED.exec(file)?.[1];
    if (version) widgets.set(version, { ...asset(read(dir, `widgets/${file}`), 'js'), version });
  }
  const latest = { ...asset(read(dir, 'widgets/index-latest.js'), 'js'), version: manifest.widgetVersion };
  if (!widgets.has(latest.version))
    throw new WebAssetsMissingError(
      `widgets/index-${latest.version}.js is missing in ${dir}: run \`${BUILD_COMMAND}\``,
    );
  return { dir, byUrl, urls, widgetLatest: latest, widgets };
}
