import type {
  DesktopApi,
  DesktopPreferences,
  PrintReceiptResult,
  SavePreferencesResult,
  UpdateState,
} from '../../contract/desktop';
import { IPC_CHANNELS, type IpcChannel } from '../../preload/contract';
import { openExternalUrl } from '../security/open-external-url';

export interface IpcHandlerDeps {
  /** a live console session token (renewed when the last one expired) */
  sessionToken(): Promise<string>;
  serviceUrl(): string;
  openExternal(url: string): Promise<void>;
  version: string;
  dataDir: string;
  preferences: {
    get(): DesktopPreferences;
    /** validates the untrusted payload against the contract's schema before anything is saved */
    save(input: unknown): SavePreferencesResult;
  };
  /** the self-updater's state (main/updates) */
  updateState(): UpdateState;
  /** validates the untrusted payload, then prints that receipt from a hidden window (main/print) */
  printReceipt(input: unknown): Promise<PrintReceiptResult>;
}

type ChannelOf<K extends keyof DesktopApi> = (typeof IPC_CHANNELS)[K];

/** One handler per channel, each answering what its bridge method promises; args arrive untyped from the renderer. */
export type IpcHandlerTable = {
  [K in keyof DesktopApi as ChannelOf<K>]: (...args: unknown[]) => ReturnType<DesktopApi[K]>;
};

export function createIpcHandlers(deps: IpcHandlerDeps): IpcHandlerTable {
  return {
    [IPC_CHANNELS.getSession]: async () => ({ token: await deps.sessionToken(), serviceUrl: deps.serviceUrl() }),
    [IPC_CHANNELS.openExternal]: (url: unknown) => openExternalUrl(url, deps.openExternal),
    [IPC_CHANNELS.appInfo]: async () => ({ version: deps.version, dataDir: deps.dataDir }),
    [IPC_CHANNELS.getPreferences]: async () => deps.preferences.get(),
    [IPC_CHANNELS.setPreferences]: async (input: unknown) => deps.preferences.save(input),
    [IPC_CHANNELS.updateState]: async () => deps.updateState(),
    [IPC_CHANNELS.printReceipt]: (input: unknown) => deps.printReceipt(input),
  };
}

export const ipcChannels = (table: IpcHandlerTable): IpcChannel[] => Object.keys(table) as IpcChannel[];
