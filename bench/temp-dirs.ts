import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const tempDirPath = (prefix: string): string => mkdtempSync(join(tmpdir(), prefix));
