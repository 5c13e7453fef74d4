/**
 * The @tontill/widget package as `npm pack` makes it (a gzipped tar of `package/…`: package.json,
 * README.md and the `files` of package.json), so the service can serve it at
 * /widgets/tontill-widget-<version>.tgz and `npm install <service>/widgets/tontill-widget-<version>.tgz`
 * works until the package is on the registry. Built from the widget's files in memory, after they are
 * written; a fixed date and modes, as npm uses, so the same files give the same bytes.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

/** npm's own fixed mtime for packed files (1985-10-26T08:15:00Z): tarballs do not change with the clock. */
const NPM_PACK_MTIME = Math.floor(Date.UTC(1985, 9, 26, 8, 15, 0) / 1000);

export const widgetTarballName = (version: string): string => `tontill-widget-${version}.tgz`;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** One ustar header block; names under 100 bytes (the package's are). */
function tarHeader(name: string, size: number): Buffer {
  if (Buffer.byteLength(name) >= 100) throw new Error(`tar: name too long: ${name}`);
  const header = Buffer.alloc(512);
  const field = (value: string, offset: number, length: number) => header.write(value, offset, length, 'utf8');
  const octal = (value: number, offset: number, length: number) =>
    field(`${value.toString(8).padStart(length - 1, '0')}\0`, offset, length);
  field(name, 0, 100);
  octal(0o644, 100, 8);
  octal(0, 108, 8);
  octal(0, 116, 8);
  octal(size, 124, 12);
  octal(NPM_PACK_MTIME, 136, 12);
  field('        ', 148, 8); // the checksum is computed with its own field as spaces
  field('0', 156, 1);
  field('ustar\0', 257, 6);
  field('00', 263, 2);
  const checksum = header.reduce((sum, byte) => sum + byte, 0);
  field(`${checksum.toString(8).padStart(6, '0')}\0 `, 148, 8);
  return header;
}

/** The tarball of `widget/` as npm would pack it: package.json, README.md and each path in `files`. */
export function packWidget(widgetDir: string): Buffer {
  const pkg = JSON.parse(readFileSync(join(widgetDir, 'package.json'), 'utf8')) as { files?: string[] };
  const listed = (pkg.files ?? []).flatMap((entry) => {
    const path = join(widgetDir, entry);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
  const files = [join(widgetDir, 'package.json'), join(widgetDir, 'README.md'), ...listed.sort()];
  const blocks: Buffer[] = [];
  for (const file of files) {
    const body = readFileSync(file);
    blocks.push(
      tarHeader(`package/${relative(widgetDir, file).split('\\').join('/')}`, body.length),
      body,
      Buffer.alloc((512 - (body.length % 512)) % 512),
    );
  }
  blocks.push(Buffer.alloc(1024));
  return gzipSync(Buffer.concat(blocks), { level: 9 });
}
