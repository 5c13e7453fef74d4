import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mimeTypeOf } from '../../main/protocol/mime-types';
import { isServiceFallbackPath, isServicePath } from '../../main/protocol/proxy-rules';
import { resolveAsset, safeSegments } from '../../main/protocol/resolve-asset';
import { tempDir } from '../helpers/test-app';

const dir = tempDir('tontill-console-');
const root = join(dir.path, 'console');
mkdirSync(join(root, 'assets'), { recursive: true });
writeFileSync(join(root, 'index.html'), '<!doctype html><title>console</title>');
writeFileSync(join(root, 'assets', 'index-abc123.js'), 'console.log(1)');
writeFileSync(join(root, 'assets', 'index-abc123.css'), 'body{}');
writeFileSync(join(root, 'assets', 'logo.svg'), '<svg/>');
writeFileSync(join(dir.path, 'secret.txt'), 'outside the console');
afterAll(() => dir.remove());

describe('resolveAsset', () => {
  it('serves index.html for the root', () => {
    expect(resolveAsset(root, '/')).toEqual({ kind: 'file', file: join(root, 'index.html'), type: 'text/html; charset=utf-8', isIndex: true });
  });

  it('serves a built file with its MIME type', () => {
    expect(resolveAsset(root, '/assets/index-abc123.js')).toMatchObject({ kind: 'file', file: join(root, 'assets/index-abc123.js'), type: 'text/javascript; charset=utf-8', isIndex: false });
    expect(resolveAsset(root, '/assets/index-abc123.css')).toMatchObject({ type: 'text/css; charset=utf-8' });
    expect(resolveAsset(root, '/assets/logo.svg')).toMatchObject({ type: 'image/svg+xml' });
  });

  it('accepts the browser mount point /console/ as the same files', () => {
    expect(resolveAsset(root, '/console/')).toMatchObject({ kind: 'file', file: join(root, 'index.html') });
    expect(resolveAsset(root, '/console/assets/index-abc123.js')).toMatchObject({ kind: 'file', file: join(root, 'assets/index-abc123.js') });
  });

  it('falls back to index.html for client-side routes (no extension)', () => {
    expect(resolveAsset(root, '/payments/pay_123')).toMatchObject({ kind: 'file', file: join(root, 'index.html'), isIndex: true });
    expect(resolveAsset(root, '/settings')).toMatchObject({ kind: 'file', file: join(root, 'index.html') });
  });

  it('answers 404 for a missing file with an extension, never HTML posing as a script', () => {
    expect(resolveAsset(root, '/assets/missing.js')).toEqual({ kind: 'not-found' });
  });

  it('decodes percent-encoded names', () => {
    writeFileSync(join(root, 'assets', 'a b.png'), 'png');
    expect(resolveAsset(root, '/assets/a%20b.png')).toMatchObject({ kind: 'file', file: join(root, 'assets', 'a b.png'), type: 'image/png' });
  });

  it.each([
    '/../secret.txt', '/assets/../../secret.txt', '/%2e%2e/secret.txt', '/%2E%2E/secret.txt', '/..%2fsecret.txt', '/..%2Fsecret.txt',
    '/..%5csecret.txt', '/..\\secret.txt', '/assets/%00.js', '/C:/Windows/win.ini', '/./index.html', '/%E0%A4%A', '/console/../secret.txt',
  ])('refuses traversal or malformed path %s', (pathname) => {
    expect(resolveAsset(root, pathname)).toEqual({ kind: 'forbidden' });
  });

  it('never reports a file outside root, whatever exists() says', () => {
    const everything = () => true;
    for (const pathname of ['/../secret.txt', '/%2e%2e/%2e%2e/etc/passwd', '/..%2f..%2fetc/passwd']) {
      expect(resolveAsset(root, pathname, everything).kind).toBe('forbidden');
    }
  });

  it('safeSegments drops empty segments and keeps ordinary dots', () => {
    expect(safeSegments('//assets///index.min.js')).toEqual(['assets', 'index.min.js']);
    expect(safeSegments('/.well-known/x')).toEqual(['.well-known', 'x']);
  });
});

describe('mimeTypeOf', () => {
  it('names what a Vite build emits and falls back to octet-stream', () => {
    expect(mimeTypeOf('a.mjs')).toBe('text/javascript; charset=utf-8');
    expect(mimeTypeOf('a.WOFF2')).toBe('font/woff2');
    expect(mimeTypeOf('a.json')).toBe('application/json; charset=utf-8');
    expect(mimeTypeOf('a.exe')).toBe('application/octet-stream');
  });
});

describe('proxy rules', () => {
  it.each(['/console/api', '/console/api/session', '/pay/pay_1', '/pay/pay_1/events', '/embed', '/embed/x', '/widgets/index-latest.js', '/pay'])(
    '%s goes to the service',
    (path) => {
      expect(isServicePath(path)).toBe(true);
    },
  );

  it.each(['/', '/console/', '/console/apix', '/payments', '/embedded', '/widgetsettings', '/assets/index.js', '/index.html'])(
    '%s stays with the console',
    (path) => {
      expect(isServicePath(path)).toBe(false);
    },
  );

  it('sends /assets/ to the service only as a fallback (the checkout page loads its files from there)', () => {
    expect(isServiceFallbackPath('/assets/checkout.0a1b2c3d4e5f.js')).toBe(true);
    expect(isServiceFallbackPath('/assetsx')).toBe(false);
  });
});
