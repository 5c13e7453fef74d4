import { settingsApi } from '../settings/api';
import type { ConsoleStore, SliceCreator } from '../../store/types';
import type { ButtonColor, WidgetMode, WidgetPreviewSession as WidgetSession } from '../../../contract/widget';

export type { ButtonColor, WidgetMode };
export { BUTTON_COLORS } from '../../../contract/widget';
export const BUTTON_SIZES = { small: ['160px', '40px'], medium: ['220px', '48px'], large: ['300px', '60px'] } as const;
export type ButtonSize = keyof typeof BUTTON_SIZES;

export interface WidgetOptions {
  mode: WidgetMode;
  color: ButtonColor;
  size: ButtonSize;
  height: string;
  amount: string;
}

export interface WidgetLogEntry {
  n: number;
  at: string;
  type: string;
  detail: string;
}

export interface WidgetSlice {
  widgetOptions: WidgetOptions;
  widgetSession: WidgetSession | null;
  widgetEvents: WidgetLogEntry[];
  isWidgetLoading: boolean;
  /** the preview document's content height, once it reported one (null: the frame keeps its CSS height) */
  widgetFrameHeight: number | null;
  setWidgetOptions(patch: Partial<WidgetOptions>): void;
  newWidgetSession(): Promise<void>;
  logWidgetEvent(type: string, detail: string): void;
  setWidgetFrameHeight(height: number): void;
}

export const createWidgetSlice: SliceCreator<WidgetSlice> = (set, get) => {
  let eventNo = 0;
  return {
    widgetOptions: { mode: 'iframe-only', color: 'black-white', size: 'medium', height: '520px', amount: '10.00' },
    widgetSession: null,
    widgetEvents: [],
    isWidgetLoading: false,
    widgetFrameHeight: null,
    setWidgetOptions: (patch) =>
      set((s) => ({ widgetOptions: { ...s.widgetOptions, ...patch }, widgetEvents: [], widgetFrameHeight: null })),
    newWidgetSession: async () => {
      set({ isWidgetLoading: true });
      try {
        set({
          widgetSession: await settingsApi.widgetSession(get().widgetOptions.amount),
          widgetEvents: [],
          widgetFrameHeight: null,
        });
      } catch (err) {
        get().fail(err, 'Could not create a preview session');
      } finally {
        set({ isWidgetLoading: false });
      }
    },
    logWidgetEvent: (type, detail) =>
      set((s) => ({
        widgetEvents: [{ n: ++eventNo, at: new Date().toISOString(), type, detail }, ...s.widgetEvents].slice(0, 100),
      })),
    setWidgetFrameHeight: (height) => set({ widgetFrameHeight: height }),
  };
};

export const selectWidgetOptions = (s: ConsoleStore) => s.widgetOptions;
export const selectWidgetSession = (s: ConsoleStore) => s.widgetSession;
export const selectWidgetEvents = (s: ConsoleStore) => s.widgetEvents;
export const selectIsWidgetLoading = (s: ConsoleStore) => s.isWidgetLoading;
export const selectWidgetFrameHeight = (s: ConsoleStore) => s.widgetFrameHeight;
export const selectWidgetActions = (s: ConsoleStore) => ({
  setWidgetOptions: s.setWidgetOptions,
  newWidgetSession: s.newWidgetSession,
  logWidgetEvent: s.logWidgetEvent,
});
