import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import {
  DEFAULT_DESKTOP_PREFERENCES,
  DesktopPreferencesSchema,
  type DesktopPreferences,
  type SavePreferencesResult,
} from '../../contract/desktop';

export const PREFERENCES_FILE = 'desktop-preferences.json';

/** On disk: the preferences, plus what main remembers for itself (the tray hint was shown once). */
const PreferencesFileSchema = DesktopPreferencesSchema.extend({ trayHintShown: z.boolean().default(false) });
type PreferencesFile = z.infer<typeof PreferencesFileSchema>;

export interface PreferencesStore {
  current(): DesktopPreferences;
  /** validates an untrusted payload (it came over IPC); a refusal names the first bad field */
  save(input: unknown): SavePreferencesResult;
  trayHintShown(): boolean;
  markTrayHintShown(): void;
}

/** A missing or unreadable file (hand-edited, from an older build) means the defaults: never a failed start. */
function readPreferences(file: string): PreferencesFile {
  try {
    const parsed = PreferencesFileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (parsed.success) return parsed.data;
  } catch {
    /* missing or not JSON: the defaults below */
  }
  return { ...DEFAULT_DESKTOP_PREFERENCES, trayHintShown: false };
}

/** Temp file then rename: a crash mid-write leaves the old file or the new one, never half of one. */
function writeAtomically(file: string, content: PreferencesFile): void {
  const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    writeFileSync(temp, `${JSON.stringify(content, null, 2)}\n`, { mode: 0o600 });
    renameSync(temp, file);
  } finally {
    rmSync(temp, { force: true });
  }
}

/** `<userData>/desktop-preferences.json`, owned by main; read once, written on every change. */
export function createPreferencesStore(userDataDir: string): PreferencesStore {
  const file = join(userDataDir, PREFERENCES_FILE);
  let state = readPreferences(file);
  const update = (next: PreferencesFile) => {
    writeAtomically(file, next);
    state = next;
  };
  return {
    current: () => {
      const { trayHintShown: _, ...preferences } = state;
      return preferences;
    },
    save(input) {
      const parsed = DesktopPreferencesSchema.safeParse(input);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        return { ok: false, field: issue.path.join('.') || 'preferences', message: issue.message };
      }
      update({ ...parsed.data, trayHintShown: state.trayHintShown });
      return { ok: true, preferences: parsed.data };
    },
    trayHintShown: () => state.trayHintShown,
    markTrayHintShown: () => update({ ...state, trayHintShown: true }),
  };
}
