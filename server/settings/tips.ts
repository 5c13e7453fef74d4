import { DEFAULT_TIP_SETTINGS, TipSettingsSchema, type TipSettings } from '../../contract/console-settings';
import type { SettingsStore } from './settings-store';

export const TIPS_KEY = 'till_tips';

/** The till's tip settings; a stored value this build cannot read falls back to the defaults (tips off). */
export async function readTipSettings(settings: SettingsStore): Promise<TipSettings> {
  const parsed = TipSettingsSchema.safeParse(await settings.get<unknown>(TIPS_KEY));
  return parsed.success ? parsed.data : DEFAULT_TIP_SETTINGS;
}
