import { readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export type Recipe = (
  raw: string | Buffer,
  header: string | undefined,
  secret: string,
  toleranceSeconds?: number,
  now?: number,
) => boolean;

/** The js code block that follows `<!-- name -->` in README.md. */
function readmeBlock(name: string): string {
  const readme = readFileSync(join(import.meta.dirname, '../../README.md'), 'utf8');
  const match = new RegExp(`<!-- ${name} -->\\s*\`\`\`js\\n([\\s\\S]*?)\`\`\``).exec(readme);
  if (!match?.[1]) throw new Error(`README.md has no ${name} block`);
  return match[1];
}

/** The code block after `<!-- verify-recipe -->` in README.md, loaded as a module from `dir`. */
export async function loadReadmeRecipe(dir: string): Promise<Recipe> {
  const file = join(dir, 'recipe.mjs');
  writeFileSync(file, readmeBlock('verify-recipe'));
  const mod = (await import(pathToFileURL(file).href)) as { verifyTonTill: Recipe };
  return mod.verifyTonTill;
}

const LISTEN = 'server.listen(3000);';

/**
 * The README's example receiver, verbatim except that the test, not the example, picks its port:
 * the verify recipe and the receiver block in one module that exports the (not yet listening) server.
 * It reads its secret from process.env.TONTILL_WEBHOOK_SECRET on every request, as the README says.
 */
export async function loadReadmeReceiver(dir: string): Promise<Server> {
  const receiver = readmeBlock('receiver-recipe');
  if (!receiver.includes(LISTEN))
    throw new Error(`the README's receiver no longer ends with ${LISTEN}; update this loader`);
  const file = join(dir, 'receiver.mjs');
  // import declarations are hoisted, so the second block's may follow the first block's code
  writeFileSync(file, `${readmeBlock('verify-recipe')}\n${receiver.replace(LISTEN, 'export { server };')}`);
  const mod = (await import(pathToFileURL(file).href)) as { server: Server };
  return mod.server;
}
