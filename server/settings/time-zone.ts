import { canonicalTimeZone } from '../../contract/console-settings';
import type { SettingsStore } from './settings-store';

export const TIME_ZONE_KEY = 'store_time_zone';

/** The zone of the computer the service runs on: the store's until the owner picks one. */
export function machineTimeZone(): string {
  return canonicalTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone) ?? 'UTC';
}

/**
 * The store's time zone, where its days begin and end. A stored name this runtime no longer knows
 * (a zone database without it) falls back to the machine's rather than failing every report.
 */
export async function storeTimeZone(settings: SettingsStore): Promise<string> {
  const stored = await settings.get<unknown>(TIME_ZONE_KEY);
  return (typeof stored === 'string' ? canonicalTimeZone(stored) : null) ?? machineTimeZone();
}
