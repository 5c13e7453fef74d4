import { z } from 'zod';

/**
 * Automatic backups (Settings → Backups, the dashboard's "Last backup", the console's live `backup`
 * frame): where they go, how many are kept, what the folder holds and how the last one went.
 */

export const BACKUP_KEEP_MIN = 1;
export const BACKUP_KEEP_MAX = 365;
export const BACKUP_KEEP_DEFAULT = 14;

export const BackupSettingsSchema = z.strictObject({
  folder: z.string().min(1).max(1024).meta({ description: 'Absolute path of the folder backups are written to' }),
  keep: z
    .number()
    .int()
    .min(BACKUP_KEEP_MIN)
    .max(BACKUP_KEEP_MAX)
    .meta({ description: 'How many automatic backups to keep; older ones are deleted' }),
});
export type BackupSettings = z.infer<typeof BackupSettingsSchema>;

/**
 * automatic: the daily one; manual: "Back up now" (the two are rotated together); the two others are
 * kept until deleted by hand.
 */
export const BACKUP_KINDS = ['automatic', 'manual', 'before-migration', 'before-restore'] as const;
export const BackupKindSchema = z.enum(BACKUP_KINDS);
export type BackupKind = z.infer<typeof BackupKindSchema>;

export const BackupFileSchema = z.object({
  name: z.string(),
  kind: BackupKindSchema,
  createdAt: z.iso.datetime(),
  bytes: z.number().int().min(0),
});
export type BackupFile = z.infer<typeof BackupFileSchema>;

export const BackupSuccessSchema = z.object({
  ok: z.literal(true),
  at: z.iso.datetime(),
  file: z.string().meta({ description: 'Full path of the backup written' }),
  bytes: z.number().int().min(0),
});
export const BackupFailureSchema = z.object({
  ok: z.literal(false),
  at: z.iso.datetime(),
  message: z.string(),
});
/** One backup's outcome: the live stream's `backup` frame, and what the desktop app's notification hears. */
export const BackupOutcomeSchema = z.discriminatedUnion('ok', [BackupSuccessSchema, BackupFailureSchema]);
export type BackupOutcome = z.infer<typeof BackupOutcomeSchema>;
export type BackupSuccess = z.infer<typeof BackupSuccessSchema>;
export type BackupFailure = z.infer<typeof BackupFailureSchema>;

/** The last success and failure; a failure newer than the success is what the dashboard warns about. */
export const BackupStateSchema = z.object({
  lastSuccess: BackupSuccessSchema.nullable(),
  lastFailure: BackupFailureSchema.nullable(),
  nextDueAt: z.iso
    .datetime()
    .nullable()
    .meta({ description: 'When the next daily backup runs; null when none is scheduled' }),
});
export type BackupState = z.infer<typeof BackupStateSchema>;

/** A restore staged from the console, as this start processed it: the dashboard warns unless it was applied. */
export const RestoreAtStartSchema = z.object({
  at: z.iso.datetime(),
  outcome: z.enum(['applied', 'rejected', 'rolled-back']).meta({
    description:
      'applied; rejected (failed the checks at start, the ledger was kept); rolled-back (restored but would not open, the previous ledger was put back)',
  }),
  message: z.string(),
  kept: z
    .string()
    .nullable()
    .meta({ description: 'The file set aside: the replaced ledger (applied) or the backup that was not used' }),
});
export type RestoreAtStart = z.infer<typeof RestoreAtStartSchema>;

export const BackupViewSchema = z.object({
  settings: BackupSettingsSchema,
  defaultFolder: z.string(),
  state: BackupStateSchema,
  files: z.array(BackupFileSchema).meta({ description: "The folder's backups, newest first" }),
  restoreAtStart: RestoreAtStartSchema.nullable().meta({
    description: 'The staged restore this start processed; null when there was none',
  }),
});
export type BackupView = z.infer<typeof BackupViewSchema>;

export const RestoreBackupBodySchema = z.strictObject({
  name: z.string().min(1).max(255).meta({ description: 'A file listed in the backup folder' }),
});
export type RestoreBackupBody = z.infer<typeof RestoreBackupBodySchema>;

/** "Back up now": what happened, and the screen after it. */
export const BackupRunSchema = z.object({ outcome: BackupOutcomeSchema, view: BackupViewSchema });
export type BackupRun = z.infer<typeof BackupRunSchema>;
