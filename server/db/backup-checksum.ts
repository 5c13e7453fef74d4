import { createHash } from 'node:crypto';
import { closeSync, existsSync, openSync, readFileSync, readSync, renameSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';

/**
 * Each backup TonTill writes gets a `<name>.sha256` beside it, in `sha256sum` format (so
 * `sha256sum -c` checks it by hand too). A flipped byte inside a row's value is a page SQLite still
 * reads as valid, so PRAGMA quick_check cannot see it; the checksum does.
 */
export const CHECKSUM_SUFFIX = '.sha256';
/** A checksum being written: renamed once complete, so a half-written one is never read. */
export const CHECKSUM_PARTIAL_SUFFIX = `${CHECKSUM_SUFFIX}.partial`;
export const checksumFile = (file: string): string => `${file}${CHECKSUM_SUFFIX}`;
const HEX = /^[0-9a-f]{64}$/;
const CHUNK = 1024 * 1024;

/** Read in chunks: a ledger may be hundreds of megabytes. */
export function sha256OfFile(file: string): string {
  const hash = createHash('sha256');
  const fd = openSync(file, 'r');
  try {
    const chunk = Buffer.alloc(CHUNK);
    for (let read = readSync(fd, chunk, 0, CHUNK, null); read > 0; read = readSync(fd, chunk, 0, CHUNK, null))
      hash.update(chunk.subarray(0, read));
  } finally {
    closeSync(fd);
  }
  return hash.digest('hex');
}

/**
 * Writes the checksum of `file` as it will be named once renamed to `finalName`, before that rename,
 * so a named backup never lacks its checksum (a service killed in between leaves only a stray .sha256).
 */
export function writeChecksum(file: string, finalFile: string = file): void {
  const partial = `${finalFile}${CHECKSUM_PARTIAL_SUFFIX}`;
  writeFileSync(partial, `${sha256OfFile(file)}  ${basename(finalFile)}\n`, { mode: 0o600 });
  renameSync(partial, checksumFile(finalFile));
}

/** The checksum recorded for `file`, null when none was written (a backup from before checksums, an upload). */
export function recordedChecksum(file: string): string | null {
  if (!existsSync(checksumFile(file))) return null;
  return readFileSync(checksumFile(file), 'utf8').trim().split(/\s+/)[0]?.toLowerCase() ?? '';
}

export const isSha256Hex = (value: string): boolean => HEX.test(value);

export type ChecksumVerdict = { ok: true } | { ok: false; message: string };

/** Whether `file`'s bytes are the ones `expected` was computed from; the refusal says what went wrong. */
export function verifyChecksum(file: string, expected: string): ChecksumVerdict {
  if (!isSha256Hex(expected))
    return { ok: false, message: 'has an unreadable checksum (expected 64 hexadecimal digits of SHA-256)' };
  const actual = sha256OfFile(file);
  if (actual === expected) return { ok: true };
  return {
    ok: false,
    message: `does not match its SHA-256 checksum (expected ${expected}, the file has ${actual}): it changed after it was written`,
  };
}
