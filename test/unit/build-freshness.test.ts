// The launcher rebuilds only when a build's sources changed: decided from content, with names,
// sizes and mtimes as a shortcut that never reads a file when nothing was touched.
import { mkdirSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fingerprint, freshness, whyStale, writeStamp } from '../../scripts/build-freshness.mjs';
import { tempDir } from '../helpers/test-app';

const TARGET = { inputs: ['src', 'lock.json'], outputs: ['out/app.js'], stamp: 'out/build-stamp.json' };

describe('build freshness', () => {
  let dir: { path: string; remove(): void };
  const write = (file: string, content: string) => {
    mkdirSync(dirname(join(dir.path, file)), { recursive: true });
    writeFileSync(join(dir.path, file), content);
  };
  /** A build, stamped with the fingerprint of what it was built from (and, once checked, their stats). */
  const built = () => {
    write('out/app.js', 'built');
    writeStamp(dir.path, TARGET, { fingerprint: fingerprint(dir.path, TARGET.inputs), stats: 'not yet known' });
    const { restamp } = freshness(dir.path, TARGET);
    writeStamp(dir.path, TARGET, restamp!);
  };

  beforeEach(() => {
    dir = tempDir('tontill-freshness-');
    write('src/a.ts', 'export const a = 1;');
    write('src/nested/b.ts', 'export const b = 2;');
    write('lock.json', '{}');
  });
  afterEach(() => dir.remove());

  it('builds what was never built, or whose output is gone', () => {
    expect(whyStale(dir.path, TARGET)).toBe('out/app.js is missing');
    write('out/app.js', 'built elsewhere');
    expect(whyStale(dir.path, TARGET)).toBe('it was not built by this script');
    built();
    expect(whyStale(dir.path, TARGET)).toBeNull();
    rmSync(join(dir.path, 'out/app.js'));
    expect(whyStale(dir.path, TARGET)).toBe('out/app.js is missing');
  });

  it('rebuilds when a source is edited, added, removed or renamed, or the lock file changes', () => {
    const changes: Array<() => void> = [
      () => write('src/a.ts', 'export const a = 3;'),
      () => write('src/nested/c.ts', ''),
      () => rmSync(join(dir.path, 'src/nested/b.ts')),
      () => renameSync(join(dir.path, 'src/a.ts'), join(dir.path, 'src/z.ts')),
      () => write('lock.json', '{"lockfileVersion":3}'),
    ];
    for (const change of changes) {
      built();
      change();
      expect(whyStale(dir.path, TARGET)).toBe('its sources changed');
    }
  });

  it('does not rebuild for a touch, a checkout of the same content, or a missing optional input', () => {
    built();
    expect(freshness(dir.path, TARGET)).toEqual({ stale: null, restamp: null });
    const future = new Date(Date.now() + 60_000);
    utimesSync(join(dir.path, 'src/a.ts'), future, future);
    write('src/nested/b.ts', 'export const b = 2;');
    const touched = freshness(dir.path, TARGET);
    expect(touched.stale).toBeNull();
    // the new mtimes are recorded, so the next start reads nothing again
    writeStamp(dir.path, TARGET, touched.restamp!);
    expect(freshness(dir.path, TARGET)).toEqual({ stale: null, restamp: null });
    expect(fingerprint(dir.path, [...TARGET.inputs, 'not-there'])).toBe(fingerprint(dir.path, TARGET.inputs));
  });
});
