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
  if (known) return now - known.lastSeenAt < REFUSAL_TOUCH_MS ? null : list.map((r) => (r === known ? { ...r, lastSeenAt: now } : r));
  const added = [...list, { origin, firstSeenAt: now, lastSeenAt: now }];
  if (added.length <= MAX_REFUSED_ORIGINS) return added;
  const stalest = added.reduce((a, b) => (b.lastSeenAt < a.lastSeenAt ? b : a));
  return added.filter((r) => r !== stalest);
}

const isRefusal = (value: unknown): value is RefusedOrigin => {
  const r = value as Partial<RefusedOrigin> | null;
  return !!r && typeof r.origin === 'string' && isOrigin(r.origin) && typeof r.firstSeenAt === 'number' && typeof r.lastSeenAt === 'number';
};

export function readRefusals(settings: SettingsStore): RefusedOrigin[] {
  const stored = settings.get<unknown>(REFUSED_ORIGINS_KEY);
  return Array.isArray(stored) ? stored.filter(isRefusal).slice(0, MAX_REFUSED_ORIGINS) : [];
}

export function recordRefusal(settings: SettingsStore, origin: string, now: number): void {
  const next = withRefusal(readRefusals(settings), origin, now);
  if (next) settings.set(REFUSED_ORIGINS_KEY, next);
}

export function forgetRefusal(settings: SettingsStore, origin: string): void {
  const list = readRefusals(settings);
  if (list.some((r) => r.origin === origin)) settings.set(REFUSED_ORIGINS_KEY, list.filter((r) => r.origin !== origin));
}
