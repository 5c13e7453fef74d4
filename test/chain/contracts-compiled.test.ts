import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { compiledJsonPath, compileJettonContracts } from '../../scripts/compile-contracts';

describe('compiled.json', () => {
  it('equals a fresh compile of the Tolk sources (run scripts/compile-contracts.ts after editing them)', async () => {
    const committed: unknown = JSON.parse(readFileSync(compiledJsonPath, 'utf8'));
    expect(await compileJettonContracts()).toEqual(committed);
  });
});
