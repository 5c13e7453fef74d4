import type { SettingsStore } from '../settings/settings-store';
import { isOrigin } from './embed-policy';

/** Settings key: origins that tried to frame a checkout and were refused, for the merchant to approve. */
export const REFUSED_ORIGINS_KEY = 'refusedOrigins';
/** Bounded so a page inventing origins cannot grow the settings row without limit. */
export const MAX_REFUSED_ORIGINS = 20;
/** A refusal already on record is rewritten at most this often, so a busy shop page costs no write per view. */
export const REFUSAL_TOUCH_MS = 60_000;

export interface RefusedOrigin {
  origin: string;
  /** unix ms */
  firstSeenAt: number;
  lastSeenAt: number;
}

/**
 * The list after `origin` was refused at `now`, or null when nothing needs writing. When full, the
 * origin seen least recently gives way: a shop whose customers keep arriving stays listed.
 */
export function withRefusal(list: readonly RefusedOrigin[], origin: string, now: number): RefusedOrigin[] | null {
  const known = list.find((r) => r.origin === origin);
  if (known)
    return now - known.lastSeenAt < REFUSAL_TOUCH_MS
      ? null
      : list.map((r) => (r === known ? { ...r, lastSeenAt: now } : r));
  const added = [...list, { origin, firstSeenAt: now, lastSeenAt: now }];
  if (added.length <= MAX_REFUSED_ORIGINS) return added;
  const stalest = added.reduce((a, b) => (b.lastSeenAt < a.lastSeenAt ? b : a));
  return added.filter((r) => r !== stalest);
}

const isRefusal = (value: unknown): value is RefusedOrigin => {
  const r = value as Partial<RefusedOrigin> | null;
  return (
    !!r &&
    typeof r.origin === 'string' &&
    isOrigin(r.origin) &&
    typeof r.firstSeenAt === 'number' &&
    typeof r.lastSeenAt === 'number'
  );
};

const refusalsIn = (stored: unknown): RefusedOrigin[] =>
  Array.isArray(stored) ? stored.filter(isRefusal).slice(0, MAX_REFUSED_ORIGINS) : [];

export async function readRefusals(settings: SettingsStore): Promise<RefusedOrigin[]> {
  return refusalsIn(await settings.get<unknown>(REFUSED_ORIGINS_KEY));
}

export async function recordRefusal(settings: SettingsStore, origin: string, now: number): Promise<void> {
  // Most views from a refused origin change nothing: look before asking for a write.
  if (!withRefusal(await readRefusals(settings), origin, now)) return;
  await settings.change<unknown>(REFUSED_ORIGINS_KEY, (stored) => withRefusal(refusalsIn(stored), origin, now));
}

/** The stored list without `origin`, or null when it was not on it. */
export function withoutRefusal(stored: unknown, origin: string): RefusedOrigin[] | null {
  const list = refusalsIn(stored);
  return list.some((r) => r.origin === origin) ? list.filter((r) => r.origin !== origin) : null;
}

/** `actor`: who dismissed it, for the audit log. */
export async function forgetRefusal(settings: SettingsStore, origin: string, actor: string): Promise<void> {
  await settings.change<unknown>(REFUSED_ORIGINS_KEY, (stored) => withoutRefusal(stored, origin), actor);
}
