/**
 * The desktop app's own settings, over the preload bridge (`window.tontill`) rather than HTTP: they
 * belong to the app on this computer, not to the service. Absent in a browser. Answers are parsed
 * with their contract schemas, as client.ts does for HTTP.
 */
import {
  DesktopPreferencesSchema,
  PrintReceiptResultSchema,
  SavePreferencesResultSchema,
  UpdateStateSchema,
  type DesktopPreferences,
  type PrintReceiptRequest,
  type PrintReceiptResult,
  type SavePreferencesResult,
  type UpdateState,
} from '../../../contract/desktop';

const bridge = () => window.tontill ?? null;

export const desktopApi = {
  /** whether the console runs inside the desktop app */
  isAvailable: (): boolean => bridge() !== null,
  preferences: async (): Promise<DesktopPreferences> =>
    DesktopPreferencesSchema.parse(await bridge()!.getPreferences()),
  savePreferences: async (preferences: DesktopPreferences): Promise<SavePreferencesResult> =>
    SavePreferencesResultSchema.parse(await bridge()!.setPreferences(preferences)),
  updateState: async (): Promise<UpdateState> => UpdateStateSchema.parse(await bridge()!.updateState()),
  /** main prints the receipt from a hidden window, through the system print dialog */
  printReceipt: async (request: PrintReceiptRequest): Promise<PrintReceiptResult> =>
    PrintReceiptResultSchema.parse(await bridge()!.printReceipt(request)),
};
