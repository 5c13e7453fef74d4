import { z } from 'zod';

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
}
