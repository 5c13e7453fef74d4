import { mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  BACKUP_KEEP_DEFAULT,
  type BackupFile,
  type BackupOutcome,
  type BackupSettings,
  type BackupState,
  type BackupFailure,
  type BackupSuccess,
  type RestoreAtStart,
} from '../../contract/backups';
import { checksumFile, writeChecksum } from '../db/backup-checksum';
import {
  automaticBackupName,
  manualBackupName,
  BACKUP_SETTINGS_KEY,
  createPrivately,
  defaultBackupFolder,
  parseBackupName,
  partialName,
  removeLeftoverCopies,
} from '../db/backup-files';
import { checkBackup } from '../db/restore';
import type { SettingsStore } from '../settings/settings-store';
import { SERVICE_ACTOR } from '../storage/audit-repositories';
import type { SqliteLedgerFile } from '../storage/sqlite/sqlite-ledger-file';
import type { Clock } from '../util/clock';
import { failpoint } from '../util/failpoints';
import { systemTimer, type BackupTimer } from './backup-timer';

export type { BackupOutcome };
const STATE_KEY = 'backup_state';
export const BACKUP_EVERY_MS = 24 * 60 * 60 * 1000;
/** After a failure the next try comes this much later, not at once and not a day later. */
export const BACKUP_RETRY_MS = 60 * 60 * 1000;
/** A backup due at start waits this long, so it never competes with the first sales after a start. */
export const BACKUP_START_DELAY_MS = 30_000;

type StoredState = { lastSuccess: BackupSuccess | null; lastFailure: BackupFailure | null };

export interface BackupServiceDeps {
  ledgerFile: SqliteLedgerFile;
  settings: SettingsStore;
  clock: Clock;
  dataDir: string;
  timer?: BackupTimer;
  log?: { error(fields: Record<string, unknown>, message: string): void };
  /** what this start did with a restore staged from the console, for the dashboard */
  restoreAtStart?: RestoreAtStart | null;
}

/**
 * Daily online backups of the ledger into the folder the owner chose, keeping the newest N it named.
 * A file is written under a temporary name, checked with checkBackup, then renamed: a half-written
 * or unreadable copy never counts. Other files in the folder (copies before a migration or a
 * restore, anything of the owner's) are never deleted.
 */
export class BackupService {
  private readonly timer: BackupTimer;
  private readonly listeners = new Set<(outcome: BackupOutcome) => void>();
  private running: Promise<BackupOutcome> | null = null;
  private scheduled: { cancel(): void; dueAt: number } | null = null;
  private stopped = true;

  constructor(private readonly deps: BackupServiceDeps) {
    this.timer = deps.timer ?? systemTimer;
  }

  get defaultFolder(): string {
    return defaultBackupFolder(this.deps.dataDir);
  }

  get restoreAtStart(): RestoreAtStart | null {
    return this.deps.restoreAtStart ?? null;
  }

  async settings(): Promise<BackupSettings> {
    const stored = await this.deps.settings.get<Partial<BackupSettings>>(BACKUP_SETTINGS_KEY);
    return { folder: stored?.folder ?? this.defaultFolder, keep: stored?.keep ?? BACKUP_KEEP_DEFAULT };
  }

  /** Stores settings the caller has validated; the next backup (and its rotation) uses them. `actor`: for the audit log. */
  async saveSettings(settings: BackupSettings, actor = SERVICE_ACTOR): Promise<BackupSettings> {
    await this.deps.settings.set(BACKUP_SETTINGS_KEY, settings, actor);
    return settings;
  }

  async state(): Promise<BackupState> {
    const stored = await this.storedState();
    return { ...stored, nextDueAt: this.scheduled ? new Date(this.scheduled.dueAt).toISOString() : null };
  }

  /** The folder's backups, newest first; files TonTill did not name are left out. */
  async list(): Promise<BackupFile[]> {
    const { folder } = await this.settings();
    let names: string[];
    try {
      names = readdirSync(folder);
    } catch {
      return [];
    }
    const files = names.flatMap((name) => {
      const parsed = parseBackupName(name);
      if (!parsed) return [];
      try {
        return [
          {
            name,
            kind: parsed.kind,
            createdAt: new Date(parsed.at).toISOString(),
            bytes: statSync(join(folder, name)).size,
          },
        ];
      } catch {
        return [];
      }
    });
    return files.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.name.localeCompare(a.name));
  }

  /** Subscribes to every backup's outcome (the live stream, the desktop notification); returns the unsubscribe. */
  onOutcome(listener: (outcome: BackupOutcome) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * One backup now, then rotation; concurrent calls share the one running. Never throws: the outcome
   * says. `byHand`: the owner's "Back up now", named so in the folder's list.
   */
  runBackup({ byHand = false } = {}): Promise<BackupOutcome> {
    this.running ??= this.backupOnce(byHand ? manualBackupName : automaticBackupName).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /**
   * Runs the daily schedule: due a day after the last success, at once when there is none. First
   * removes what a service killed mid-backup left in the folder (and in the default one, where
   * copies before a migration may go).
   */
  async start(): Promise<void> {
    this.stopped = false;
    const { folder } = await this.settings();
    for (const each of new Set([folder, this.defaultFolder])) removeLeftoverCopies(each);
    await this.scheduleNext(BACKUP_START_DELAY_MS);
  }

  /** Cancels the schedule and waits for a backup under way, so the ledger can close after it. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.scheduled?.cancel();
    this.scheduled = null;
    await this.running;
  }

  private async scheduleNext(minDelayMs = 0): Promise<void> {
    if (this.stopped) return;
    const { lastSuccess, lastFailure } = await this.storedState();
    const due = Math.max(
      lastSuccess ? Date.parse(lastSuccess.at) + BACKUP_EVERY_MS : 0,
      lastFailure ? Date.parse(lastFailure.at) + BACKUP_RETRY_MS : 0,
    );
    const dueAt = Math.max(due, this.deps.clock.now() + minDelayMs);
    this.scheduled?.cancel();
    // runBackup schedules the next one itself, whoever asked for it
    const cancel = this.timer.after(dueAt - this.deps.clock.now(), async () => {
      await this.runBackup();
    });
    this.scheduled = { cancel, dueAt };
  }

  private async storedState(): Promise<StoredState> {
    return (await this.deps.settings.get<StoredState>(STATE_KEY)) ?? { lastSuccess: null, lastFailure: null };
  }

  private async backupOnce(nameOf: (ms: number) => string): Promise<BackupOutcome> {
    const at = this.deps.clock.now();
    let outcome: BackupOutcome;
    try {
      const { folder, keep } = await this.settings();
      const { file, bytes } = await this.writeChecked(folder, at, nameOf);
      rotate(folder, keep);
      outcome = { ok: true, at: new Date(at).toISOString(), file, bytes };
    } catch (err) {
      outcome = { ok: false, at: new Date(at).toISOString(), message: (err as Error).message };
      this.deps.log?.error({ err }, 'automatic backup failed');
    }
    await this.record(outcome);
    // "Back up now" moves the daily one too: the next is due a day after this one (an hour after a failure)
    await this.scheduleNext().catch((err: unknown) =>
      this.deps.log?.error({ err }, 'could not schedule the next backup'),
    );
    for (const listener of this.listeners) {
      try {
        listener(outcome);
      } catch (err) {
        this.deps.log?.error({ err }, 'backup outcome listener failed');
      }
    }
    return outcome;
  }

  private async writeChecked(
    folder: string,
    at: number,
    nameOf: (ms: number) => string,
  ): Promise<{ file: string; bytes: number }> {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    // two backups in the same millisecond (a test clock, "Back up now" twice) get distinct names
    let stampAt = at;
    const names = new Set(readdirSync(folder));
    while (names.has(nameOf(stampAt))) stampAt += 1;
    const file = join(folder, nameOf(stampAt));
    const partial = join(folder, partialName(nameOf(stampAt)));
    try {
      createPrivately(partial);
      await this.deps.ledgerFile.backupTo(partial);
      failpoint('backup-copy-written');
      const check = checkBackup(partial);
      if (!check.ok) throw new Error(`the copy ${check.message}`);
      // the checksum first: a backup with its name always has one
      writeChecksum(partial, file);
      renameSync(partial, file);
      return { file, bytes: statSync(file).size };
    } finally {
      for (const suffix of ['', '-wal', '-shm']) rmSync(partial + suffix, { force: true });
    }
  }

  private async record(outcome: BackupOutcome): Promise<void> {
    try {
      await this.deps.settings.change<StoredState>(STATE_KEY, (current) => ({
        lastSuccess: outcome.ok ? outcome : (current?.lastSuccess ?? null),
        lastFailure: outcome.ok ? null : outcome,
      }));
    } catch (err) {
      this.deps.log?.error({ err }, 'could not record the backup outcome');
    }
  }
}

/**
 * Keeps the newest `keep` daily and "Back up now" backups in `folder`; deletes only older files of its own naming
 * (with their checksums), and the leftovers of a process killed mid-backup (one service writes to a
 * folder at a time).
 */
export function rotate(folder: string, keep: number): string[] {
  const own = readdirSync(folder)
    .flatMap((name) => {
      const parsed = parseBackupName(name);
      return parsed?.kind === 'automatic' || parsed?.kind === 'manual' ? [{ name, at: parsed.at }] : [];
    })
    .sort((a, b) => b.at - a.at || b.name.localeCompare(a.name));
  const old = own.slice(keep).map(({ name }) => name);
  for (const name of old) {
    rmSync(join(folder, name), { force: true });
    rmSync(checksumFile(join(folder, name)), { force: true });
  }
  return [...old, ...removeLeftoverCopies(folder)];
}
