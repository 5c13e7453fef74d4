import { ESLint } from 'eslint';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');

describe('lint: no browser confirm(), alert() or prompt() in browser code', () => {
  it('refuses each of them in the console and the checkout, bare or through window', async () => {
    const eslint = new ESLint({ cwd: ROOT });
    const code =
      "export function ask(): void {\n  if (confirm('sure?')) alert('done');\n  window.prompt('name?');\n}\n";
    for (const file of ['renderer/features/example/ExamplePage.tsx', 'checkout/example.ts']) {
      const [result] = await eslint.lintText(code, { filePath: join(ROOT, file) });
      const rules = result!.messages.map((m) => m.ruleId);
      expect(rules.filter((r) => r === 'no-restricted-globals')).toHaveLength(2);
      expect(rules).toContain('no-restricted-properties');
      expect(result!.messages.find((m) => m.ruleId === 'no-restricted-globals')?.message).toContain('ConfirmDialog');
    }
  });
});
