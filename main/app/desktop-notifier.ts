import type { BackupOutcome } from '../../contract/backups';
import type { DesktopNotificationPrefs } from '../../contract/desktop';
import type { ServiceEvent } from '../service/service-port';
import type { NotificationPort, StayUpPort } from './electron-port';
import { backupNoticeFor, notificationFor, type DesktopNotice } from './notifications';

export interface Notifier {
  /** shows a notification; a click opens the console on `target` (null: the console as it was) */
  show(title: string, body: string, target: string | null): void;
  /** the listener for the service's committed events */
  onServiceEvent(event: ServiceEvent): void;
  /** the listener for the service's backups: a failure notifies */
  onBackupOutcome(outcome: BackupOutcome): void;
}

/** Shown notifications are kept until closed or clicked: Electron drops the click handler of one it garbage-collected. */
export function createNotifier(
  electron: Pick<StayUpPort, 'Notification'>,
  deps: { prefs(): DesktopNotificationPrefs; openConsole(target: string | null): void },
): Notifier {
  const shown = new Set<NotificationPort>();
  const show = (title: string, body: string, target: string | null) => {
    if (!electron.Notification.isSupported()) return;
    const notification = new electron.Notification({ title, body });
    shown.add(notification);
    notification.on('click', () => {
      shown.delete(notification);
      deps.openConsole(target);
    });
    notification.on('close', () => shown.delete(notification));
    notification.show();
  };
  const showNotice = (notice: DesktopNotice | null) => {
    if (notice) show(notice.title, notice.body, notice.target);
  };
  return {
    show,
    onServiceEvent: (event) => showNotice(notificationFor(event, deps.prefs())),
    onBackupOutcome: (outcome) => showNotice(backupNoticeFor(outcome, deps.prefs())),
  };
}
