import { z } from 'zod';
import { PaymentIdParamsSchema } from './payments';
import { ReceiptPaperSchema } from './receipts';

/**
 * The desktop bridge's payloads: what main answers over IPC and preload hands to the renderer as
 * `window.tontill`. The channel names stay in preload/contract.ts, which imports nothing at run
 * time: the sandboxed preload bundle must not carry zod.
 */

/** The console session main created for this launch; the renderer sends it as `Authorization: Bearer`. */
export const DesktopSessionSchema = z.object({
  token: z.string().min(1),
  /** the in-process service on loopback; the console itself uses same-origin relative URLs */
  serviceUrl: z.string(),
});
export type DesktopSession = z.infer<typeof DesktopSessionSchema>;

export const DesktopAppInfoSchema = z.object({ version: z.string(), dataDir: z.string() });
export type DesktopAppInfo = z.infer<typeof DesktopAppInfoSchema>;

/** One method per IPC channel; arguments and answers cross the process boundary as plain values. */
export interface DesktopApi {
  /** Always a live session: main issues a fresh one if the last expired or was logged out. */
  getSession(): Promise<DesktopSession>;
  /** Opens an http(s) URL in the system browser; false when the URL was refused. */
  openExternal(url: string): Promise<boolean>;
  appInfo(): Promise<DesktopAppInfo>;
  getPreferences(): Promise<DesktopPreferences>;
  /** Main validates and saves them (and applies the login item); a refusal names the field. */
  setPreferences(preferences: DesktopPreferences): Promise<SavePreferencesResult>;
  /** What the self-updater is doing, for the Desktop app section */
  updateState(): Promise<UpdateState>;
  /** Prints a payment's receipt from a hidden window, through the system print dialog (main/print) */
  printReceipt(request: PrintReceiptRequest): Promise<PrintReceiptResult>;
}

/** Which receipt, on which paper; main builds the URL itself, on the service's own origin. */
export const PrintReceiptRequestSchema = z.strictObject({
  paymentId: PaymentIdParamsSchema.shape.paymentId,
  paper: ReceiptPaperSchema,
});
export type PrintReceiptRequest = z.infer<typeof PrintReceiptRequestSchema>;

/** `cancelled` is the owner closing the print dialog: not an error to report. */
export const PrintReceiptResultSchema = z.object({
  outcome: z.enum(['printed', 'cancelled', 'failed']),
  message: z.string().optional(),
});
export type PrintReceiptResult = z.infer<typeof PrintReceiptResultSchema>;

/**
 * What the desktop app remembers for itself in `<userData>/desktop-preferences.json` (main owns the
 * file; the console's Settings page edits it over IPC). Notifications are per type, on by default.
 */
export const DesktopNotificationPrefsSchema = z.strictObject({
  paid: z.boolean(),
  partiallyPaid: z.boolean(),
  unmatched: z.boolean(),
  backupFailed: z.boolean(),
});
export type DesktopNotificationPrefs = z.infer<typeof DesktopNotificationPrefsSchema>;

/** A self-hosted update feed: https only, so what the updater downloads cannot be swapped on the way. */
export const UpdateFeedUrlSchema = z
  .url({ protocol: /^https$/, error: 'must be an https:// URL' })
  .max(2048)
  .nullable();

export const DesktopPreferencesSchema = z.strictObject({
  notifications: DesktopNotificationPrefsSchema,
  openAtLogin: z.boolean(),
  updates: z.strictObject({ feedUrl: UpdateFeedUrlSchema }),
});
export type DesktopPreferences = z.infer<typeof DesktopPreferencesSchema>;

export const DEFAULT_DESKTOP_PREFERENCES: DesktopPreferences = {
  notifications: { paid: true, partiallyPaid: true, unmatched: true, backupFailed: true },
  openAtLogin: false,
  updates: { feedUrl: null },
};

export const SavePreferencesResultSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), preferences: DesktopPreferencesSchema }),
  z.object({ ok: z.literal(false), field: z.string(), message: z.string() }),
]);
export type SavePreferencesResult = z.infer<typeof SavePreferencesResultSchema>;

/** The self-updater's state (main/updates): what the owner sees under the update feed. */
export const UpdateStateSchema = z.object({
  state: z.enum(['idle', 'checking', 'downloading', 'ready', 'error']),
  /** the version found, being downloaded, or ready to install */
  version: z.string().optional(),
  /** download progress, 0–100 */
  percent: z.number().min(0).max(100).optional(),
  /** why nothing happens (no feed, up to date, inactive) or what failed */
  message: z.string().optional(),
});
export type UpdateState = z.infer<typeof UpdateStateSchema>;
export type UpdatePhase = UpdateState['state'];
