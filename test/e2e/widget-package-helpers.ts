import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'vite';

const run = promisify(execFile);
const WIDGET_DIR = join(import.meta.dirname, '../../widget');

/**
 * `npm pack` in widget/, as a publisher would run it (its prepack script builds, and prints on the
 * same stdout, so the tarball is found in the otherwise empty destination). Returns its path.
 */
export async function packWidget(destination: string): Promise<string> {
  mkdirSync(destination, { recursive: true });
  await run('npm', ['pack', '--pack-destination', destination], { cwd: WIDGET_DIR });
  const tarballs = readdirSync(destination).filter((name) => name.endsWith('.tgz'));
  if (tarballs.length !== 1) throw new Error(`npm pack left ${tarballs.length} tarballs in ${destination}`);
  return join(destination, tarballs[0]!);
}

/**
 * A plain project that depends on nothing but the tarball. `--offline` proves the install needs no
 * registry: a dependency-free package must install from the file alone.
 */
export async function installInto(projectDir: string, tarball: string): Promise<void> {
  writeFileSync(
    join(projectDir, 'package.json'),
    JSON.stringify({ name: 'plain-shop', private: true, type: 'module' }),
  );
  await run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', tarball], {
    cwd: projectDir,
  });
}

/** Bundles the project with vite (the repository's copy, driven through its API), into <project>/dist. */
export async function bundleWithVite(projectDir: string): Promise<string> {
  const outDir = join(projectDir, 'dist');
  // Relative asset URLs: the shop serves the project folder, the bundle sits in dist/.
  await build({
    root: projectDir,
    base: './',
    configFile: false,
    logLevel: 'silent',
    build: { outDir, emptyOutDir: true },
  });
  return outDir;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css',
};

/**
 * A merchant's static site on its own loopback origin. HTML files are templates: the merchant's
 * backend would write the session's signature and the service address into them when rendering.
 */
export class StaticShop {
  vars: Record<string, string> = {};
  private constructor(
    private readonly server: Server,
    readonly origin: string,
  ) {}

  static async start(root: string): Promise<StaticShop> {
    let shop: StaticShop | null = null;
    const server = createServer((req, res) => {
      const path = normalize(decodeURIComponent((req.url ?? '/').split('?')[0]!)).replace(/^(\.\.[/\\])+/, '');
      const file = join(root, path.endsWith('/') ? `${path}index.html` : path);
      let body: Buffer | string;
      try {
        body = readFileSync(file);
      } catch {
        res.writeHead(404).end();
        return;
      }
      const type = TYPES[extname(file)] ?? 'application/octet-stream';
      if (type.startsWith('text/html'))
        body = body.toString('utf8').replace(/__(\w+)__/g, (m, name: string) => shop?.vars[name] ?? m);
      res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' }).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    shop = new StaticShop(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    return shop;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
