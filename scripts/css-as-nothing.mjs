// `tsx --import ./scripts/css-as-nothing.mjs …`: a Node script that reads the console's route table
// (scripts/screenshots.ts) also loads its pages, which import their CSS as vite does; in Node a
// stylesheet is nothing to run, so it loads as an empty module.
import { register } from 'node:module';

register(
  'data:text/javascript,' +
    encodeURIComponent(`
      export async function load(url, context, next) {
        if (url.endsWith('.css')) return { format: 'module', source: 'export default "";', shortCircuit: true };
        return next(url, context);
      }
    `),
  import.meta.url,
);
