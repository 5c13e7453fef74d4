import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ApiKeyStore, type ApiKeyRecord } from '../auth/api-keys';
import { loadConfig } from '../config/config';
import type { ApiKeyList, CreatedApiKey } from '../../contract/console';
import { DataDirectoryInUseError, lockDataDirectory, type DataDirLock } from '../db/data-dir-lock';
import { closeDatabase, openDatabase } from '../db/database';
import { openSharedLedger } from '../runtime/shared-ledger';
import { SqliteStorage } from '../storage/sqlite/sqlite-storage';
import { systemClock } from '../util/clock';
import { runningService, type ServiceClient } from './service-client';

const USAGE = `usage: npm run keys -- <create [--name NAME] | list | revoke KEY_ID> [--data-dir DIR]`;

/** The same three operations, against the running service or, when none runs, the ledger itself. */
interface KeyOps {
  create(name: string): Promise<{ key: string; id: string }>;
  list(): Promise<Array<Pick<ApiKeyRecord, 'id' | 'prefix' | 'name'> & { revoked: boolean; lastUsed: string }>>;
  revoke(id: string): Promise<boolean>;
}

const iso = (value: number | string | null) => (value === null ? 'never' : new Date(value).toISOString());

function viaService(service: ServiceClient): KeyOps {
  return {
    create: async (name) => {
      const { body } = await service.call<CreatedApiKey>('POST', '/api-keys', { name });
      return { key: body.key, id: body.apiKey.id };
    },
    list: async () =>
      (await service.call<ApiKeyList>('GET', '/api-keys')).body.items.map((k) => ({
        id: k.id,
        prefix: k.prefix,
        name: k.name,
        revoked: k.revokedAt !== null,
        lastUsed: iso(k.lastUsedAt),
      })),
    revoke: async (id) =>
      (await service.call('DELETE', `/api-keys/${encodeURIComponent(id)}`, undefined, [404])).status === 204,
  };
}

function viaLedger(keys: ApiKeyStore): KeyOps {
  return {
    create: async (name) => {
      const { key, record } = await keys.create(name);
      return { key, id: record.id };
    },
    list: async () =>
      (await keys.list()).map((k) => ({
        id: k.id,
        prefix: k.prefix,
        name: k.name,
        revoked: k.revokedAt !== null,
        lastUsed: iso(k.lastUsedAt),
      })),
    revoke: async (id) => keys.revoke(id),
  };
}

async function run(ops: KeyOps, command: string | undefined, id: string | undefined, name: string): Promise<number> {
  if (command === 'create') {
    const created = await ops.create(name);
    console.log(`Created API key ${created.id} (${name}). Store it now: it is shown once and kept only as a hash.`);
    console.log(created.key);
    return 0;
  }
  if (command === 'list') {
    for (const k of await ops.list())
      console.log(`${k.id}  ${k.prefix}…  ${k.name}  ${k.revoked ? 'revoked' : 'active'}  last used ${k.lastUsed}`);
    return 0;
  }
  if (command === 'revoke' && id) {
    const revoked = await ops.revoke(id);
    console[revoked ? 'log' : 'error'](revoked ? `revoked ${id}` : `no active key ${id}`);
    return revoked ? 0 : 1;
  }
  console.error(USAGE);
  return 2;
}

function takeDataDirectory(dataDir: string): DataDirLock {
  try {
    return lockDataDirectory(dataDir);
  } catch (err) {
    if (!(err instanceof DataDirectoryInUseError)) throw err;
    throw new Error(
      `${dataDir} is held by a TonTill service that does not answer yet (starting, or stuck?); try again in a moment`,
    );
  }
}

/** `npm run keys`: API keys for the service of a data directory. */
async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: false,
    options: { name: { type: 'string' } },
  });
  const config = loadConfig(argv.filter((a, i) => a !== '--name' && argv[i - 1] !== '--name'));
  const name = typeof values.name === 'string' ? values.name : 'cli';
  const [command, id] = positionals;
  const service = await runningService(config.dataDir);
  if (service) return run(viaService(service), command, id, name);
  if (config.database.url)
    return viaSharedLedger(config.database.url, (keys) => run(viaLedger(keys), command, id, name));
  // No service answers: work on the ledger directly, as its owner for the moment, like the service would.
  const lock = takeDataDirectory(config.dataDir);
  try {
    const db = openDatabase(join(config.dataDir, 'tontill.db'), { exclusive: true });
    try {
      const storage = new SqliteStorage(db, (err) => console.error(err));
      try {
        return await run(viaLedger(new ApiKeyStore(storage, systemClock)), command, id, name);
      } finally {
        await storage.close();
      }
    } finally {
      closeDatabase(db);
    }
  } finally {
    lock.release();
  }
}

/** On PostgreSQL the ledger is shared by every instance: no data directory to own, just connect. */
async function viaSharedLedger(url: string, work: (keys: ApiKeyStore) => Promise<number>): Promise<number> {
  const silent = { info: () => undefined, warn: () => undefined };
  const ledger = await openSharedLedger({
    url,
    poolSize: 1,
    onCallbackError: (err) => console.error(err),
    log: silent,
  });
  try {
    return await work(new ApiKeyStore(ledger.storage, systemClock));
  } finally {
    await ledger.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: Error) => {
    console.error(`keys: ${err.message}`);
    process.exitCode = 1;
  },
);
