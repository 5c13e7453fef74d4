// The whole preload: one method per IPC channel and nothing else. With the sandbox on, preload can
// only require electron's renderer modules, so this file is bundled to dist/desktop/preload.cjs.
import { contextBridge, ipcRenderer } from 'electron';
import type { DesktopApi } from '../contract/desktop';
import { DESKTOP_API_KEY, IPC_CHANNELS } from './contract';

// Never expose ipcRenderer itself: page code would then reach every channel (Electron's
// context-isolation guide). Arguments are passed through as plain values; main validates them.
const api = {
  getSession: () => ipcRenderer.invoke(IPC_CHANNELS.getSession),
  openExternal: (url: string) => ipcRenderer.invoke(IPC_CHANNELS.openExternal, url),
  appInfo: () => ipcRenderer.invoke(IPC_CHANNELS.appInfo),
  getPreferences: () => ipcRenderer.invoke(IPC_CHANNELS.getPreferences),
  setPreferences: (preferences) => ipcRenderer.invoke(IPC_CHANNELS.setPreferences, preferences),
  updateState: () => ipcRenderer.invoke(IPC_CHANNELS.updateState),
  printReceipt: (request) => ipcRenderer.invoke(IPC_CHANNELS.printReceipt, request),
} satisfies DesktopApi;

contextBridge.exposeInMainWorld(DESKTOP_API_KEY, api);
