// Lint rules that keep the layers apart: dependencies point renderer -> preload API -> main -> server.
import tseslint from 'typescript-eslint';

const NODE_BUILTINS = ['fs', 'path', 'os', 'child_process', 'crypto', 'http', 'net', 'node:*'];

const SERVER_PATTERNS = [
  { group: ['electron', 'react', 'react-dom', 'zustand'], message: 'server/ knows nothing of Electron or React' },
  // (server/payment-pages is the server side of the hosted pages; it reads the browser bundles from dist/, never their source)
  { group: ['**/main/**', '**/preload/**', '**/renderer/**', '**/widget/**'], message: 'server/ is the bottom layer' },
];

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'release/**', 'test/artifacts/**', '**/*.js', '**/*.mjs', '**/*.cjs'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    // contract/ is the wire contract everything else imports: a leaf, so it can never pull a layer
    // (or a dependency) into the browser bundles. zod and its own files only.
    files: ['contract/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        patterns: [{ regex: '^(?!(zod|\\./[\\w.-]+)$)', message: 'contract/ is a leaf: it imports only zod and files in contract/' }],
      }],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: SERVER_PATTERNS }],
    },
  },
  // The domain reaches the ledger only through the storage port (server/storage/storage-port.ts):
  // no SQLite, no HTTP. A rule's options are replaced, not merged, by a later block, so the
  // server-wide patterns are repeated here.
  {
    files: ['server/payments/**/*.ts', 'server/webhooks/**/*.ts', 'server/chain/**/*.ts', 'server/watcher/**/*.ts', 'server/events/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        patterns: [
          ...SERVER_PATTERNS,
          { group: ['better-sqlite3', '**/db/**', '**/storage/sqlite/**'], message: 'domain code uses the storage port, never SQLite itself' },
          { group: ['fastify', '**/http/**'], message: 'domain code knows nothing of HTTP' },
        ],
      }],
    },
  },
  {
    files: ['renderer/**/*.ts', 'renderer/**/*.tsx', 'checkout/**/*.ts', 'widget/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        patterns: [
          { group: NODE_BUILTINS, message: 'browser code cannot use Node built-ins' },
          { group: ['electron'], message: 'the renderer reaches Electron only through the preload bridge' },
          { group: ['**/server/**', '**/main/**'], message: 'browser code may import only types from the server', allowTypeImports: true },
        ],
      }],
      // The store is read through named selectors beside each slice (renderer/README.md).
      'no-restricted-syntax': ['error', {
        selector: "CallExpression[callee.name=/^(useConsoleStore|useShallow)$/] > :matches(ArrowFunctionExpression, FunctionExpression)",
        message: 'Read the store through a named selector from its slice file (renderer/README.md), not an inline one',
      }],
    },
  },
  {
    files: ['main/**/*.ts', 'preload/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        patterns: [{ group: ['react', 'react-dom', 'zustand', '**/renderer/**'], message: 'main/ and preload/ do not import the renderer' }],
      }],
    },
  },
);
