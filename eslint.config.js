// Lint rules that keep the layers apart. Across the repository: renderer, checkout, widget -> contract <- preload
// <- main -> server (main/index.ts only); inside server/, imports point down the layer table below.
// Each file matches exactly one `no-restricted-imports` block (a later block would replace, not extend,
// an earlier one's patterns), so the server's blocks are generated, one per row, from these tables.
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * server/'s layers, bottom first (server/README.md says what each is and why). A folder may import
 * its own layer and the layers below it, never one above; contract/ sits below them all. A name
 * ending in .ts is a file in server/ itself. Cycles inside a layer are eslint's blind spot:
 * test/unit/import-layers.test.ts fails on any cycle between these folders.
 */
export const SERVER_LAYERS = [
  { layer: 'foundation', folders: ['util', 'domain'] },
  { layer: 'ports', folders: ['chain', 'storage'] },
  { layer: 'domain services', folders: ['events', 'settings', 'rates', 'payments', 'webhooks', 'wallet-connect'] },
  { layer: 'chain watching', folders: ['watcher', 'sandbox', 'simulator'] },
  { layer: 'infrastructure', folders: ['config', 'db', 'storage/sqlite', 'storage/postgres', 'backups'] },
  { layer: 'HTTP edge', folders: ['http', 'auth', 'plugins'] },
  { layer: 'service set', folders: ['services.ts'] },
  { layer: 'API routes', folders: ['merchant-api', 'epp'] },
  { layer: 'browser routes', folders: ['payment-pages', 'console-api', 'tonconnect-bridge', 'till-wallet'] },
  { layer: 'composition', folders: ['runtime', 'app.ts', 'index.ts', 'cli'] },
];

/**
 * Imports against the layers that are already in the code, each allowed for its one file only until it
 * is moved (server/README.md, "Known exceptions"). test/unit/import-layers.test.ts fails once an
 * entry is no longer needed, so this list only shrinks.
 */
export const SERVER_KNOWN_VIOLATIONS = [];

/** Packages only some of server/ may use: `only` these folders, or `from` this layer up. */
const SERVER_PACKAGES = [
  {
    regex: '^better-sqlite3$',
    only: ['db', 'storage/sqlite'],
    message: 'SQLite is opened in db/ and queried in storage/sqlite/; everything else uses the storage port',
  },
  {
    regex: '^pg(/|$)',
    only: ['storage/postgres'],
    message: 'PostgreSQL is opened and queried in storage/postgres/; everything else uses the storage port',
  },
  {
    regex: '^@ton/(sandbox|tolk-js)(/|$)',
    only: ['sandbox'],
    message: 'the emulator and the Tolk compiler belong to the offline sandbox chain (server/sandbox/)',
  },
  {
    regex: '^@ton/',
    only: ['chain', 'sandbox', 'runtime'],
    message:
      "TON's cells, addresses and transactions are read in server/chain/ (the sandbox and the runtime that opens the chain too): everything else asks chain/ for facts, so an asset is an adapter there",
  },
  {
    regex: '^(fastify|fastify-plugin)$|^@fastify/',
    from: 'HTTP edge',
    message: 'nothing below the HTTP edge knows of Fastify',
  },
];

const SERVER_WIDE = [
  { regex: '^(electron|react|react-dom|zustand)(/|$)', message: 'server/ knows nothing of Electron or React' },
  // (server/payment-pages serves the browser bundles from dist/, never their source)
  {
    regex: '^(\\.\\./)+(main|preload|renderer|widget|checkout)(/|$)',
    message: 'server/ is the bottom layer of the repository',
  },
];

const NODE_BUILTINS = ['fs', 'path', 'os', 'child_process', 'crypto', 'http', 'net', 'node:*'];
const NO_RENDERER = {
  regex: '^(react|react-dom|zustand)(/|$)|^(\\.\\./)+renderer(/|$)',
  message: 'main/ and preload/ do not import the renderer',
};

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** How a file in `from` spells an import of `target`: ./x from server/ itself, ../x or ../../x from a folder. */
function spellings(from, target) {
  if (target.endsWith('.ts')) {
    const name = escape(target.slice(0, -3));
    return [from.endsWith('.ts') ? `^\\./${name}$` : `^(\\.\\./)+${name}$`];
  }
  const own = target.startsWith(`${from}/`) ? [`^\\./${escape(target.slice(from.length + 1))}(/|$)`] : [];
  return [`^(\\.\\.?/)+${escape(target)}(/|$)`, ...own];
}

const layerIndex = (folder) => SERVER_LAYERS.findIndex((row) => row.folders.includes(folder));
const filesOf = (folder) => (folder.endsWith('.ts') ? [`server/${folder}`] : [`server/${folder}/**/*.ts`]);
const label = (folder) => (folder.endsWith('.ts') ? folder : `${folder}/`);

/** The patterns for files in `folder`, with `allowed` folders let through (a known violation). */
function serverPatterns(folder, allowed = []) {
  const at = layerIndex(folder);
  const above = SERVER_LAYERS.slice(at + 1).map((row) => ({
    ...row,
    folders: row.folders.filter((f) => !allowed.includes(f)),
  }));
  const layers = above
    .filter((row) => row.folders.length > 0)
    .map((row) => ({
      regex: row.folders
        .flatMap((target) => spellings(folder, target))
        .map((re) => `(${re})`)
        .join('|'),
      message: `${label(folder)} (${SERVER_LAYERS[at].layer}) may not import the ${row.layer} layer (${row.folders.map(label).join(', ')}): imports point down the layers in server/README.md`,
    }));
  const packages = SERVER_PACKAGES.filter((p) =>
    p.only ? !p.only.includes(folder) : at < SERVER_LAYERS.findIndex((row) => row.layer === p.from),
  ).map(({ regex, message }) => ({ regex, message }));
  return [...SERVER_WIDE, ...packages, ...layers];
}

const restrict = (patterns) => ({ '@typescript-eslint/no-restricted-imports': ['error', { patterns }] });

/** The row a file of server/ belongs to: the longest folder holding it (storage/sqlite before storage). */
const folderOf = (file) =>
  SERVER_LAYERS.flatMap((row) => row.folders)
    .filter((f) => file.startsWith(`server/${f.endsWith('.ts') ? f : `${f}/`}`))
    .sort((a, b) => b.length - a.length)[0];

function serverBlocks() {
  const folders = SERVER_LAYERS.flatMap((row) => row.folders);
  const blocks = folders.map((folder) => ({
    files: filesOf(folder),
    // a nested folder with a row of its own (storage/sqlite in storage/), and each known violation, get a block of their own
    ignores: [
      ...folders.filter((f) => f.startsWith(`${folder}/`)).flatMap(filesOf),
      ...SERVER_KNOWN_VIOLATIONS.filter((v) => folderOf(v.file) === folder).map((v) => v.file),
    ],
    rules: restrict(serverPatterns(folder)),
  }));
  for (const { file, imports } of SERVER_KNOWN_VIOLATIONS) {
    blocks.push({ files: [file], rules: restrict(serverPatterns(folderOf(file), imports)) });
  }
  // A folder that is in no row yet: any import says so, until it is given a layer.
  blocks.push({
    files: ['server/**/*.ts'],
    ignores: folders.flatMap(filesOf),
    rules: restrict([
      {
        regex: '^\\.',
        message:
          'this folder is in no layer of server/: add it to SERVER_LAYERS in eslint.config.js and to server/README.md',
      },
    ]),
  });
  return blocks;
}

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'release/**', 'test/artifacts/**', '**/*.js', '**/*.mjs', '**/*.cjs'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  // contract/ is the wire contract everything else imports: a leaf, so it can never pull a layer (or a
  // dependency) into the browser bundles. zod and its own files only.
  {
    files: ['contract/**/*.ts'],
    rules: restrict([
      { regex: '^(?!(zod|\\./[\\w.-]+)$)', message: 'contract/ is a leaf: it imports only zod and files in contract/' },
    ]),
  },
  ...serverBlocks(),
  // React's rules of hooks, on the console: a hook called conditionally or an effect missing a dependency.
  // (The classic two; the plugin's React Compiler rules judge patterns the console uses on purpose.)
  {
    files: ['renderer/**/*.tsx', 'renderer/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  // Browser code: wire types come from contract/, Electron only through the preload bridge (window.tontill).
  {
    files: ['renderer/**/*.ts', 'renderer/**/*.tsx', 'checkout/**/*.ts', 'widget/**/*.ts'],
    rules: {
      ...restrict([
        { group: NODE_BUILTINS, message: 'browser code cannot use Node built-ins' },
        { regex: '^electron(/|$)', message: 'the renderer reaches Electron only through the preload bridge' },
        {
          regex: '^(\\.\\./)+(server|main|preload)(/|$)',
          message: 'browser code imports the wire types from contract/, never server/, main/ or preload/',
        },
      ]),
      // The store is read through named selectors beside each slice (renderer/README.md).
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.name=/^(useConsoleStore|useShallow)$/] > :matches(ArrowFunctionExpression, FunctionExpression)',
          message:
            'Read the store through a named selector from its slice file (renderer/README.md), not an inline one',
        },
      ],
      // The browser's own dialogs block the page, cannot be styled or themed, and tests must dismiss them by hand.
      'no-restricted-globals': [
        'error',
        ...['confirm', 'alert', 'prompt'].map((name) => ({
          name,
          message: `no browser ${name}(): ask with renderer/components/ConfirmDialog.tsx, or show the message in the page`,
        })),
      ],
      'no-restricted-properties': [
        'error',
        ...['window', 'globalThis', 'self'].flatMap((object) =>
          ['confirm', 'alert', 'prompt'].map((property) => ({
            object,
            property,
            message: `no browser ${property}(): ask with renderer/components/ConfirmDialog.tsx, or show the message in the page`,
          })),
        ),
      ],
    },
  },
  // main/ knows the service only through its port (main/service/service-port.ts); main/index.ts wires the real one.
  {
    files: ['main/**/*.ts'],
    ignores: ['main/index.ts'],
    rules: restrict([
      NO_RENDERER,
      {
        regex: '^(\\.\\./)+server(/|$)',
        message: 'only main/index.ts imports server/; everything else in main/ uses ServicePort (main/README.md)',
      },
      {
        regex: '^(\\.\\./)+preload/(?!contract$)',
        message: 'main/ reads only the channel names (preload/contract.ts) from preload/',
      },
    ]),
  },
  {
    files: ['main/index.ts'],
    rules: restrict([
      NO_RENDERER,
      {
        regex: '^(\\.\\./)+preload/(?!contract$)',
        message: 'main/ reads only the channel names (preload/contract.ts) from preload/',
      },
      { regex: '^(\\.\\./)+server/(?!index$)', message: "main/ uses the service's one surface, server/index.ts" },
    ]),
  },
  {
    files: ['preload/**/*.ts'],
    rules: restrict([
      NO_RENDERER,
      {
        regex: '^(\\.\\./)+(server|main)(/|$)',
        message: 'preload/ is the bridge: it imports contract/ and electron, never main/ or server/',
      },
    ]),
  },
);
