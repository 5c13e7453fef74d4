import { get, request } from '../../api/client';
import { TipSettingsSchema, type TipSettings } from '../../../contract/console-settings';

/** Tips at the till: every till reads them, the owner sets them in Settings. */
export const tipsApi = {
  get: () => get(TipSettingsSchema, '/settings/tips'),
  save: (settings: TipSettings) => request(TipSettingsSchema, 'PUT', '/settings/tips', settings),
};
