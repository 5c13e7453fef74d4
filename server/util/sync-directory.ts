import { open } from 'node:fs/promises';

/**
 * Flushes a directory's entries to the disk: a file just created or renamed lives in its directory,
 * and without this a power cut can lose its name (or bring the old file back). Windows cannot open a
 * directory for fsync; there the entry is as durable as NTFS makes it.
 */
export async function syncDirectory(dir: string): Promise<void> {
  if (process.platform === 'win32') return;
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
