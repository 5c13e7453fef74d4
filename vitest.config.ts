import { configDefaults, defineConfig } from 'vitest/config';

// Both projects run test/global-setup.ts: it builds and makes the run's temp folder once whichever
// projects take part, and starts PostgreSQL only for the postgres project.
const common = {
  globalSetup: ['test/global-setup.ts'],
  pool: 'forks' as const,
  // A worker imports the service once and runs file after file with it, instead of importing it
  // afresh for each of the ~320 files: about 2.5 s of imports a file on a busy machine, half the run.
  // Each file builds its own service, ledger and browser, so nothing else is shared; what a file
  // leaves running after it closes them (a timer, an SDK loop) shows up as an unhandled error.
  isolate: false,
  testTimeout: 60_000,
  hookTimeout: 60_000,
  // expect.poll waits for a state the UI or the service reaches on its own time; vitest's default of
  // 1 s made it a time limit that a busy machine missed (the till's wallet "Preparing the payment"
  // took longer under CI's load). It passes as soon as the state holds.
  expect: { poll: { timeout: 30_000 } },
};

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...common,
          name: 'sqlite',
          include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
          exclude: [...configDefaults.exclude, 'test/postgres/**'],
        },
      },
      {
        // The service-level tests again, with the ledger in PostgreSQL (test/helpers/test-database.ts).
        test: {
          ...common,
          name: 'postgres',
          env: { TONTILL_TEST_ENGINE: 'postgres' },
          include: [
            'test/storage/**/*.test.ts',
            'test/server/**/*.test.ts',
            'test/watcher/**/*.test.ts',
            'test/webhooks/**/*.test.ts',
            'test/checkout/**/*.test.ts',
            'test/console/*.test.ts',
            'test/postgres/**/*.test.ts',
          ],
          exclude: [
            ...configDefaults.exclude,
            'test/console/*-e2e.test.ts',
            // These read or break the SQLite file itself (its schema, backups, ownership, corruption,
            // a crash between SQLite writes), so they say nothing about PostgreSQL.
            'test/storage/sqlite-storage.test.ts',
            'test/server/migrations.test.ts',
            'test/server/backups.test.ts',
            'test/server/data-dir-ownership.test.ts',
            'test/server/ledger-unavailable.test.ts',
            'test/console/backup-settings.test.ts',
            'test/watcher/crash-crediting.test.ts',
            'test/watcher/reconciliation.test.ts',
          ],
        },
      },
    ],
  },
});
