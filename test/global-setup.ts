// Once, before any test file: builds what the tests run or read (the built CLIs, the payment pages
// and widget, the console) if it is missing or its sources changed. `npx vitest run` then works on
// a fresh clone like `npm test`, and no two test files build the same thing at once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuilt } from '../scripts/build-freshness.mjs';

export default function setup(): () => void {
  ensureBuilt(join(import.meta.dirname, '..'), ['server', 'web', 'console']);
  // Every temporary directory of the run (ledgers, browser profiles, the services tests spawn) goes
  // under one folder, removed at the end: a shared CI machine is not left with a ledger per test.
  const root = mkdtempSync(join(tmpdir(), 'tontill-tests-'));
  process.env.TMPDIR = root;
  return () => rmSync(root, { recursive: true, force: true });
}
