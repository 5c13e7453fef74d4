// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the build config runs in Node, not in the console
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

// Relative asset URLs ('./assets/…') work under /console/, in a browser and the desktop window alike
// (the server rewrites them to absolute for deep links). No plugin: Vite's own oxc transform does the JSX.
export default defineConfig(({ command }) => ({
  root,
  // Always React's production build, even when built from a test runner that sets NODE_ENV=test.
  define: command === 'build' ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  base: './',
  publicDir: false,
  oxc: { jsx: { runtime: 'automatic', development: false } },
  build: {
    outDir: fileURLToPath(new URL('../dist/console', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
  },
}));
