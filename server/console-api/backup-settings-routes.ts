import type { FastifyInstance } from 'fastify';
import { existsSync, realpathSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import {
  BackupRunSchema,
  BackupSettingsSchema,
  BackupViewSchema,
  RestoreBackupBodySchema,
  type BackupSettings,
  type BackupView,
} from '../../contract/backups';
import { RestoreStagedSchema } from '../../contract/console';
import type { BackupService } from '../backups/backup-service';
import { assertWritableFolder, copyLedgerFile, parseBackupName } from '../db/backup-files';
import { actorOf } from '../auth/guards';
import { AppError, ErrorCode } from '../http/errors';
import { errors } from '../http/responses';
import { addRoute } from '../http/route';
import { defaultWebDir } from '../config/built-dirs';
import type { SqliteLedgerFile } from '../storage/sqlite/sqlite-ledger-file';
import { assertRecordedChecksum, stageRestore } from './backup-routes';
import { defaultConsoleDir } from '../config/built-dirs';

const TAGS = ['Console: backup'];

const invalid = (field: string, message: string) =>
  new AppError(400, ErrorCode.validation, `${field}: ${message}`, field);
const isInside = (dir: string, path: string): boolean => {
  const rel = relative(dir, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
};
const real = (path: string): string => (existsSync(path) ? realpathSync(path) : resolve(path));

/**
 * A folder the service can keep backups in: absolute, creatable and writable by this process, and
 * not inside a folder it serves over HTTP (a backup there would be downloadable by anyone).
 */
function checkFolder(folder: string, served: string[]): string {
  if (!isAbsolute(folder)) throw invalid('folder', 'give an absolute path (for example /home/shop/tontill-backups)');
  const path = resolve(folder);
  const servedDirs = served.map(real);
  const isServed = (candidate: string) => servedDirs.find((dir) => isInside(dir, candidate));
  const refuse = (dir: string) =>
    invalid('folder', `is inside a folder the service serves over HTTP (${dir}); choose another`);
  const before = isServed(path);
  if (before) throw refuse(before);
  try {
    assertWritableFolder(path);
  } catch (err) {
    throw invalid(
      'folder',
      `the service cannot create or write to it (${(err as { code?: string }).code ?? (err as Error).message})`,
    );
  }
  // a symbolic link may lead into a served folder
  const after = isServed(realpathSync(path));
  if (after) throw refuse(after);
  return path;
}

/** Settings → Backups: the folder and how many to keep, the list, "Back up now" and restoring one of them. */
export async function backupSettingsRoutes(
  app: FastifyInstance,
  opts: { ledgerFile: SqliteLedgerFile; backups: BackupService },
): Promise<void> {
  const { backups, ledgerFile } = opts;
  const view = async (): Promise<BackupView> => ({
    settings: await backups.settings(),
    defaultFolder: backups.defaultFolder,
    state: await backups.state(),
    files: await backups.list(),
    restoreAtStart: backups.restoreAtStart,
  });

  addRoute(app, {
    method: 'GET',
    url: '/backups',
    operationId: 'getBackups',
    tags: TAGS,
    auth: 'console',
    summary: 'The backup settings, the last outcome and the backups in the folder',
    responses: { 200: { description: 'Backups', schema: BackupViewSchema } },
    handler: view,
  });

  addRoute(app, {
    method: 'PUT',
    url: '/backups/settings',
    operationId: 'saveBackupSettings',
    tags: TAGS,
    auth: 'console',
    summary: 'Choose the backup folder and how many automatic backups to keep (1–365)',
    body: BackupSettingsSchema,
    responses: { 200: { description: 'Saved', schema: BackupViewSchema }, ...errors(400) },
    handler: async ({ body }, request) => {
      const settings: BackupSettings = {
        folder: checkFolder(body.folder, [defaultWebDir(), defaultConsoleDir()]),
        keep: body.keep,
      };
      await backups.saveSettings(settings, actorOf(request));
      return view();
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/backups/run',
    operationId: 'runBackup',
    tags: TAGS,
    auth: 'console',
    summary: 'Back up now (the same online backup and rotation as the daily one)',
    responses: { 200: { description: 'The outcome (a failure too) and the screen after it', schema: BackupRunSchema } },
    handler: async () => ({ outcome: await backups.runBackup({ byHand: true }), view: await view() }),
  });

  addRoute(app, {
    method: 'POST',
    url: '/backups/restore',
    operationId: 'restoreFromBackup',
    tags: TAGS,
    auth: 'console',
    summary: 'Stage one of the listed backups to be restored at the next start (checked like an upload)',
    body: RestoreBackupBodySchema,
    responses: { 200: { description: 'Staged', schema: RestoreStagedSchema }, ...errors(400, 404) },
    handler: async ({ body }, request) => {
      if (!parseBackupName(body.name)) throw invalid('name', 'is not a backup TonTill wrote (pick one from the list)');
      const { folder } = await backups.settings();
      const source = join(folder, body.name);
      const put = (file: string) => {
        if (!existsSync(source))
          throw new AppError(404, ErrorCode.notFound, `name: ${body.name} is no longer in ${folder}`, 'name');
        const checksum = assertRecordedChecksum(source, 'name', `the backup ${body.name}`);
        copyLedgerFile(source, file);
        return checksum;
      };
      return stageRestore(app, ledgerFile, put, 'name', `the backup ${body.name}`, actorOf(request));
    },
  });
}
