// The real updater for main/index.ts. Assigning it to UpdaterPort here is what checks the port
// against electron-updater's own types; `autoUpdater` is created on first access (it requires
// electron then), so importing this file has no effect of its own.
import electronUpdater from 'electron-updater';
import type { UpdaterPort } from './updater-port';

export function electronAutoUpdater(): UpdaterPort {
  return electronUpdater.autoUpdater;
}
