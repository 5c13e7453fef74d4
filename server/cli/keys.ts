import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ApiKeyStore } from '../auth/api-keys';
import { loadConfig } from '../config';
import { closeDatabase, openDatabase } from '../db/database';
import { systemClock } from '../util/clock';

const USAGE = `usage: npm run keys -- <create [--name NAME] | list | revoke KEY_ID> [--data-dir DIR]`;

/** `npm run keys`: API keys straight in the ledger (WAL lets this run beside a live service). */
function main(argv: string[]): number {
  const { positionals, values } = parseArgs({ args: argv, allowPositionals: true, strict: false, options: { name: { type: 'string' } } });
  const config = loadConfig(argv.filter((a, i) => a !== '--name' && argv[i - 1] !== '--name'));
  const db = openDatabase(join(config.dataDir, 'tontill.db'));
  const keys = new ApiKeyStore(db, systemClock);
  try {
    const [command, id] = positionals;
    if (command === 'create') {
      const name = typeof values.name === 'string' ? values.name : 'cli';
      const { key, record } = keys.create(name);
      console.log(`Created API key ${record.id} (${name}). Store it now: it is shown once and kept only as a hash.`);
      console.log(key);
      return 0;
    }
    if (command === 'list') {
      for (const k of keys.list()) {
        console.log(`${k.id}  ${k.prefix}…  ${k.name}  ${k.revokedAt ? 'revoked' : 'active'}  last used ${k.lastUsedAt ? new Date(k.lastUsedAt).toISOString() : 'never'}`);
      }
      return 0;
    }
    if (command === 'revoke' && id) {
      if (!keys.revoke(id)) {
        console.error(`no active key ${id}`);
        return 1;
      }
      console.log(`revoked ${id}`);
      return 0;
    }
    console.error(USAGE);
    return 2;
  } finally {
    closeDatabase(db);
  }
}

process.exitCode = main(process.argv.slice(2));
