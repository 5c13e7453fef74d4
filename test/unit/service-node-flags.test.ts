import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVICE_NODE_FLAGS } from '../../scripts/service-node-flags.mjs';

const scripts = (
  JSON.parse(readFileSync(join(import.meta.dirname, '../../package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  }
).scripts;

describe("the service process's V8 flags", () => {
  it.each([
    ['start', 'scripts/start.mjs'],
    ['serve', 'scripts/run-built.mjs serve'],
  ])('npm %s starts node with them, as the bench does', (name, launcher) => {
    expect(SERVICE_NODE_FLAGS.length).toBeGreaterThan(0);
    expect(scripts[name]).toBe(`node ${SERVICE_NODE_FLAGS.join(' ')} ${launcher}`);
  });
});
