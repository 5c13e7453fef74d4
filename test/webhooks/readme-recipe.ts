import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export type Recipe = (raw: string | Buffer, header: string | undefined, secret: string, toleranceSeconds?: number, now?: number) => boolean;

/** The code block after `<!-- verify-recipe -->` in README.md, loaded as a module from `dir`. */
export async function loadReadmeRecipe(dir: string): Promise<Recipe> {
  const readme = readFileSync(join(import.meta.dirname, '../../README.md'), 'utf8');
  const match = /<!-- verify-recipe -->\s*```js\n([\s\S]*?)```/.exec(readme);
  if (!match?.[1]) throw new Error('README.md has no verify-recipe block');
  const file = join(dir, 'recipe.mjs');
  writeFileSync(file, match[1]);
  const mod = (await import(pathToFileURL(file).href)) as { verifyTonTill: Recipe };
  return mod.verifyTonTill;
}
