import { statSync } from 'node:fs';
import { extname, isAbsolute, join, relative, resolve } from 'node:path';
import { mimeTypeOf } from './mime-types';

export type AssetResolution =
  | { kind: 'file'; file: string; type: string; isIndex: boolean }
  | { kind: 'not-found' }
  | { kind: 'forbidden' };

/** The browser mount point of the console (the service serves it under /console/), accepted here too. */
const MOUNT = 'console';
const INDEX = 'index.html';

const isFile = (file: string): boolean => {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
};

/** Decoded path segments, or null if any could escape a folder once decoded: `..`, `%2e%2e`, `..%2f`, `..\`, NUL, `C:`. */
export function safeSegments(pathname: string): string[] | null {
  const segments: string[] = [];
  for (const raw of pathname.split('/')) {
    if (raw === '') continue;
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (segment === '.' || segment === '..' || /[/\\\0:]/.test(segment)) return null;
    segments.push(segment);
  }
  return segments;
}

/**
 * Maps the path of app://console/<path> to a file under `root` (dist/console). A path without
 * an extension that names no file is a client-side route and gets index.html (SPA fallback);
 * a missing file with an extension is a real 404, never HTML posing as a script.
 */
export function resolveAsset(root: string, pathname: string, exists: (file: string) => boolean = isFile): AssetResolution {
  const segments = safeSegments(pathname);
  if (!segments) return { kind: 'forbidden' };
  if (segments[0] === MOUNT) segments.shift();
  const base = resolve(root);
  const candidate = segments.length === 0 ? join(base, INDEX) : join(base, ...segments);
  // Belt and braces after the segment check: the result must still be inside root.
  const inside = relative(base, candidate);
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) return { kind: 'forbidden' };
  if (exists(candidate)) return { kind: 'file', file: candidate, type: mimeTypeOf(candidate), isIndex: inside === INDEX };
  const last = segments[segments.length - 1] ?? '';
  const index = join(base, INDEX);
  if (extname(last) === '' && exists(index)) return { kind: 'file', file: index, type: mimeTypeOf(index), isIndex: true };
  return { kind: 'not-found' };
}
