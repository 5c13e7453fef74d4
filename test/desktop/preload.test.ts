import { describe, expect, it, vi } from 'vitest';
import type { DesktopApi } from '../../contract/desktop';
import { DESKTOP_API_KEY, IPC_CHANNELS } from '../../preload/contract';

const electron = vi.hoisted(() => ({
  exposed: new Map<string, unknown>(),
  invoke: vi.fn(async (..._args: unknown[]) => 'answer'),
}));

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, value: unknown) => electron.exposed.set(key, value) },
  ipcRenderer: { invoke: electron.invoke },
}));

describe('preload bridge', () => {
  it('exposes exactly window.tontill with one method per channel, and no ipcRenderer', async () => {
    await import('../../preload/index');
    expect([...electron.exposed.keys()]).toEqual([DESKTOP_API_KEY]);
    const api = electron.exposed.get('tontill') as DesktopApi;
    expect(Object.keys(api).sort()).toEqual(Object.keys(IPC_CHANNELS).sort());
    for (const value of Object.values(api)) expect(typeof value).toBe('function');
  });

  it('maps each method to its domain:verb channel and passes only the declared argument', async () => {
    await import('../../preload/index');
    const api = electron.exposed.get('tontill') as DesktopApi & {
      openExternal(url: string, extra?: unknown): Promise<boolean>;
    };
    await api.getSession();
    await api.appInfo();
    await api.openExternal('https://ton.org/', { sneaky: true });
    expect(electron.invoke.mock.calls).toEqual([
      ['session:get'],
      ['app:get-info'],
      ['external:open', 'https://ton.org/'],
    ]);
  });
});
