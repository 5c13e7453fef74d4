import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, tempDir, type TestApp } from '../helpers/test-app';

const WIDGET_PACKAGE = JSON.parse(readFileSync(join(import.meta.dirname, '../../widget/package.json'), 'utf8')) as {
  name: string;
  version: string;
};

/** `npm install <service>/widgets/tontill-widget-<version>.tgz`, as the README tells a shop until the package is on the registry. */
describe('the widget package, served by the service', () => {
  let t: TestApp;
  const dir = tempDir('tontill-widget-tgz-');
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
    dir.remove();
  });

  const tarballUrl = `/widgets/tontill-widget-${WIDGET_PACKAGE.version}.tgz`;

  it('is an npm-pack tarball of widget/: package.json, README and the built entry files', async () => {
    const res = await t.app.inject({ url: tarballUrl });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/gzip');
    const file = join(dir.path, 'widget.tgz');
    writeFileSync(file, res.rawPayload);
    const listing = execFileSync('tar', ['tzf', file], { encoding: 'utf8' }).trim().split('\n').sort();
    expect(listing).toEqual(
      expect.arrayContaining([
        'package/package.json',
        'package/README.md',
        'package/dist/index.js',
        'package/dist/index.d.ts',
        'package/dist/index.global.js',
      ]),
    );
    execFileSync('tar', ['xzf', file, '-C', dir.path]);
    const pkg = JSON.parse(readFileSync(join(dir.path, 'package/package.json'), 'utf8')) as {
      name: string;
      version: string;
      main: string;
    };
    expect(pkg).toMatchObject({ name: WIDGET_PACKAGE.name, version: WIDGET_PACKAGE.version });
    expect(readFileSync(join(dir.path, 'package', pkg.main), 'utf8')).toMatch(/export\s*\{[^}]*\binit\b/);
  });

  it('installs with npm, offline, from the file the service served', () => {
    const project = join(dir.path, 'shop');
    execFileSync('mkdir', ['-p', project]);
    writeFileSync(join(project, 'package.json'), '{"name":"shop","version":"1.0.0","private":true}\n');
    execFileSync(
      'npm',
      ['install', '--offline', '--ignore-scripts', '--no-audit', '--no-fund', join(dir.path, 'widget.tgz')],
      { cwd: project, stdio: 'pipe' },
    );
    const installed = join(project, 'node_modules', WIDGET_PACKAGE.name);
    expect(JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')).version).toBe(WIDGET_PACKAGE.version);
    expect(existsSync(join(installed, 'dist/index.js'))).toBe(true);
  });

  it('answers an unknown version with a 404 naming versions.json, and is in the OpenAPI document', async () => {
    const missing = await t.app.inject({ url: '/widgets/tontill-widget-9.9.9.tgz' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toContain('versions.json');
    const doc = (await t.app.inject({ url: '/openapi.json' })).json();
    expect(
      doc.paths['/widgets/tontill-widget-{version}.tgz']?.get?.responses['200']?.content?.['application/gzip'],
    ).toBeDefined();
  });
});
