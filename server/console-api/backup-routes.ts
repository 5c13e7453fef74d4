import type { FastifyInstance } from 'fastify';
import { createReadStream, existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { recordedChecksum, sha256OfFile, verifyChecksum } from '../db/backup-checksum';
import { checkRestoreCandidate, restoreFile } from '../db/restore';
import { actorOf } from '../auth/guards';
import { AppError, ErrorCode } from '../http/errors';
import { addRoute } from '../http/route';
import { RestoreStagedSchema, type RestoreStaged } from '../../contract/console';
import type { SqliteLedgerFile } from '../storage/sqlite/sqlite-ledger-file';

const TAGS = ['Console: backup'];
/** Uploads are held in memory once; a shop's ledger is far below this. */
const MAX_RESTORE_BYTES = 512 * 1024 * 1024;
/** Whether a candidate's bytes were proven against a checksum; recorded in the audit entry of the restore. */
export type ChecksumProof = 'verified' | 'none';
/** The SHA-256 of a downloaded backup, and of an upload when the owner gives it: the upload is verified against it. */
export const CHECKSUM_HEADER = 'x-tontill-sha256';
/** The temporary files of a download, an upload and its rehearsal, in <dataDir>/tmp. */
const TEMP_FILE = /^(backup|upload|rehearsal)-.+\.db(-wal|-shm|-journal)?$/;

/** What a service killed mid-download or mid-upload left in its temp folder; it is the only writer there. */
function removeTempLeftovers(tmpDir: string): void {
  let names: string[] = [];
  try {
    names = readdirSync(tmpDir);
  } catch {
    return;
  }
  for (const name of names) if (TEMP_FILE.test(name)) rmSync(join(tmpDir, name), { force: true });
}

/** The checksum an upload came with, if any; a header that is not one SHA-256 is a 400 naming it. */
function uploadChecksum(value: string | string[] | undefined): string | null {
  if (value === undefined) return null;
  if (typeof value !== 'string')
    throw new AppError(400, ErrorCode.validation, `${CHECKSUM_HEADER}: give it once`, CHECKSUM_HEADER);
  return value.trim().toLowerCase();
}

/**
 * Refuses a candidate whose bytes are not the ones its checksum was computed from (a byte flipped
 * on the disk or on the way). No checksum, no refusal: see server/db/README.md, "Checksums".
 */
export function assertChecksum(file: string, expected: string | null, field: string, what: string): ChecksumProof {
  if (expected === null) return 'none';
  const verdict = verifyChecksum(file, expected);
  if (!verdict.ok) throw new AppError(400, ErrorCode.validation, `${field}: ${what} ${verdict.message}`, field);
  return 'verified';
}

/** A backup of the folder against the checksum written beside it, when it has one. */
export const assertRecordedChecksum = (file: string, field: string, what: string): ChecksumProof =>
  assertChecksum(file, recordedChecksum(file), field, what);

/** Online backups (SQLite's backup API, consistent while the service writes) and staged restores. */
export async function backupRoutes(app: FastifyInstance, opts: { ledgerFile: SqliteLedgerFile }): Promise<void> {
  const dataDir = app.services.config.dataDir;
  const tmpDir = join(dataDir, 'tmp');
  removeTempLeftovers(tmpDir);

  app.addContentTypeParser(
    'application/octet-stream',
    { parseAs: 'buffer', bodyLimit: MAX_RESTORE_BYTES },
    (_req, body, done) => done(null, body),
  );

  addRoute(app, {
    method: 'GET',
    url: '/backup',
    operationId: 'downloadBackup',
    tags: TAGS,
    auth: 'console',
    summary: 'Download a consistent copy of the ledger (SQLite online backup)',
    responses: { 200: { description: 'application/vnd.sqlite3 attachment' } },
    handler: async (_input, _request, reply) => {
      mkdirSync(tmpDir, { recursive: true, mode: 0o700 });
      const stamp = new Date(app.services.clock.now()).toISOString().replace(/[:.]/g, '-').slice(0, 19);
      const file = join(tmpDir, `backup-${stamp}-${process.pid}-${Math.random().toString(36).slice(2)}.db`);
      await opts.ledgerFile.backupTo(file);
      const checksum = sha256OfFile(file);
      const stream = createReadStream(file);
      stream.on('close', () => rmSync(file, { force: true }));
      return reply
        .header('Content-Type', 'application/vnd.sqlite3')
        .header(CHECKSUM_HEADER, checksum)
        .header('Content-Disposition', `attachment; filename="tontill-backup-${stamp}.db"`)
        .send(stream);
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/restore',
    operationId: 'stageRestore',
    tags: TAGS,
    auth: 'console',
    rawBody: 'application/octet-stream',
    bodyLimit: MAX_RESTORE_BYTES,
    summary:
      'Upload a backup (application/octet-stream); it is checked, staged as <dataDir>/restore.db and applied at the next start. Until then the service accepts no change (503 RESTORE_PENDING).',
    description: `Refused with a 400 unless its schema is exactly the one TonTill builds at its version, it is intact, and a scratch copy opens and migrates. With an \`${CHECKSUM_HEADER}\` header (what the download sent), its bytes must match that SHA-256.`,
    responses: { 200: { description: 'Staged', schema: RestoreStagedSchema } },
    handler: async (_input, request) => {
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) {
        throw new AppError(
          400,
          ErrorCode.validation,
          'file: send the backup as the request body with Content-Type: application/octet-stream',
          'file',
        );
      }
      const checksum = uploadChecksum(request.headers[CHECKSUM_HEADER]);
      const put = (upload: string) => {
        writeFileSync(upload, body, { mode: 0o600 });
        return assertChecksum(upload, checksum, CHECKSUM_HEADER, 'the upload');
      };
      return stageRestore(app, opts.ledgerFile, put, 'file', 'the upload', actorOf(request));
    },
  });

  addRoute(app, {
    method: 'DELETE',
    url: '/restore',
    operationId: 'cancelRestore',
    tags: TAGS,
    auth: 'console',
    summary: 'Cancel a staged restore',
    responses: { 204: { description: 'Nothing staged any more' } },
    handler: async (_input, request, reply) => {
      rmSync(restoreFile(dataDir), { force: true });
      const wasStaged = app.services.restore.pending;
      app.services.restore.set(false);
      // after the gate opens: while it was shut, the ledger took no write
      if (wasStaged) await app.services.audit.record(actorOf(request), 'backup.restore_cancel', null);
      return reply.status(204).send();
    },
  });
}

/**
 * Stages a restore through the one checked path (an upload, or a file of the backup folder): `put`
 * writes the candidate to a private temp file (and verifies its checksum, when it has one),
 * checkRestoreCandidate accepts it (the schema the ladder builds, intact, and a scratch copy opens
 * and migrates), writes are frozen, then it becomes `<dataDir>/restore.db`. A refusal is a 400
 * naming `field`. The audit entry is written to the ledger the restore sets aside (kept in the
 * backup folder), before writes freeze.
 */
export async function stageRestore(
  app: FastifyInstance,
  ledgerFile: SqliteLedgerFile,
  put: (file: string) => ChecksumProof,
  field: string,
  what: string,
  actor: string,
): Promise<RestoreStaged> {
  const dataDir = app.services.config.dataDir;
  const tmpDir = join(dataDir, 'tmp');
  mkdirSync(tmpDir, { recursive: true, mode: 0o700 });
  const upload = join(tmpDir, `upload-${process.pid}-${Math.random().toString(36).slice(2)}.db`);
  try {
    const checksum = put(upload);
    const check = checkRestoreCandidate(upload, tmpDir);
    if (!check.ok) throw new AppError(400, ErrorCode.validation, `${field}: ${what} ${check.message}`, field);
    await app.services.audit.record(actor, 'backup.restore_stage', what, {
      payments: check.payments,
      schemaVersion: check.schemaVersion,
      checksum,
    });
    await freezeWrites(app, ledgerFile);
    renameSync(upload, restoreFile(dataDir));
    return {
      staged: true,
      schemaVersion: check.schemaVersion,
      payments: check.payments,
      appliedAt: 'next start' as const,
    };
  } catch (err) {
    if (!existsSync(restoreFile(dataDir))) app.services.restore.set(false);
    throw err;
  } finally {
    for (const suffix of ['', '-wal', '-shm']) rmSync(upload + suffix, { force: true });
  }
}

/** New writes are refused first, then the writes already admitted commit: none lands after the backup is staged. */
async function freezeWrites(app: FastifyInstance, ledgerFile: SqliteLedgerFile): Promise<void> {
  app.services.restore.set(true);
  await ledgerFile.whenWritten();
}
