import { useEffect, useState, type FormEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import {
  UpdateFeedUrlSchema,
  type DesktopNotificationPrefs,
  type DesktopPreferences,
  type UpdateState,
} from '../../../contract/desktop';
import { useInterval } from '../../hooks/useInterval';
import { useConsoleStore } from '../../store';
import { selectDesktopActions, selectDesktopPreferences, selectDesktopProblem, selectDesktopUpdate } from './slice';

/** How often the section asks again while a check or a download runs. */
const UPDATE_POLL_MS = 2_000;

/** One line a shop owner understands, from the updater's state. */
export function describeUpdate(update: UpdateState): string {
  const version = update.version ? ` ${update.version}` : '';
  switch (update.state) {
    case 'checking':
      return 'Checking the feed for a new version…';
    case 'downloading':
      return `Downloading TonTill${version} (${update.percent ?? 0}%)…`;
    case 'ready':
      return `TonTill${version} is downloaded and checked. Quit TonTill to install it (you will be asked).`;
    case 'error':
      return `The last update check failed: ${update.message ?? 'unknown error'}`;
    default:
      return update.message ? `Updates: ${update.message}.` : 'Updates: nothing to do.';
  }
}

/** What the updater is doing, asked again every few seconds while it works. */
function UpdateStatus() {
  const update = useConsoleStore(selectDesktopUpdate);
  const { loadDesktopUpdate } = useConsoleStore(useShallow(selectDesktopActions));
  const busy = update?.state === 'checking' || update?.state === 'downloading';
  useInterval(() => void loadDesktopUpdate(), busy ? UPDATE_POLL_MS : null);
  if (!update) return null;
  return (
    <p
      className={update.state === 'error' ? 'callout callout-warn' : 'muted small'}
      role="status"
      data-testid="desktop-update-state"
    >
      {describeUpdate(update)}
    </p>
  );
}

const NOTIFICATION_TYPES: Array<[keyof DesktopNotificationPrefs, string]> = [
  ['paid', 'A payment is paid'],
  ['partiallyPaid', 'A payment is partly paid'],
  ['unmatched', 'A transfer matches no payment'],
  ['backupFailed', 'A backup fails'],
];

/** The update feed as typed: blank is "no feed"; otherwise the contract's https-only rule, said beside the field. */
function feedProblem(feed: string): string | null {
  const parsed = UpdateFeedUrlSchema.safeParse(feed.trim() === '' ? null : feed.trim());
  return parsed.success ? null : parsed.error.issues[0]!.message;
}

function DesktopForm({ saved }: { saved: DesktopPreferences }) {
  const problem = useConsoleStore(selectDesktopProblem);
  const { saveDesktopPreferences } = useConsoleStore(useShallow(selectDesktopActions));
  const [draft, setDraft] = useState(saved);
  const [feed, setFeed] = useState(saved.updates.feedUrl ?? '');
  const [touched, setTouched] = useState(false);
  const feedError =
    (touched ? feedProblem(feed) : null) ?? (problem?.field === 'updates.feedUrl' ? problem.message : null);
  const toggle = (key: keyof DesktopNotificationPrefs) =>
    setDraft((d) => ({ ...d, notifications: { ...d.notifications, [key]: !d.notifications[key] } }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (feedProblem(feed)) return;
    void saveDesktopPreferences({ ...draft, updates: { feedUrl: feed.trim() === '' ? null : feed.trim() } });
  };
  return (
    <form className="desktop-form" onSubmit={submit} noValidate>
      <fieldset>
        <legend>Notify me when</legend>
        <div className="checks">
          {NOTIFICATION_TYPES.map(([key, label]) => (
            <label key={key} className="check">
              <input type="checkbox" checked={draft.notifications[key]} onChange={() => toggle(key)} /> {label}
            </label>
          ))}
        </div>
      </fieldset>
      <label className="check">
        <input
          type="checkbox"
          checked={draft.openAtLogin}
          onChange={() => setDraft((d) => ({ ...d, openAtLogin: !d.openAtLogin }))}
        />{' '}
        Start TonTill when I log in (in the tray, no window)
      </label>
      <label>
        <span>Update feed</span>
        <input
          type="url"
          inputMode="url"
          placeholder="https://updates.your-shop.example/tontill/"
          value={feed}
          aria-invalid={feedError !== null}
          aria-describedby="desktop-feed-help"
          onChange={(e) => setFeed(e.target.value)}
          onBlur={() => setTouched(true)}
        />
      </label>
      <p id="desktop-feed-help" className={feedError ? 'field-error' : 'muted small'} aria-live="polite">
        {feedError ?? 'Where this app looks for new versions (https only). Leave it blank to update by hand.'}
      </p>
      <UpdateStatus />
      {problem && problem.field !== 'updates.feedUrl' ? (
        <p className="field-error" role="alert">
          {problem.message}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary">
        Save
      </button>
    </form>
  );
}

/** The desktop app's own settings, kept by the app on this computer; absent in a browser. */
export function DesktopSection() {
  const saved = useConsoleStore(selectDesktopPreferences);
  const { loadDesktopPreferences } = useConsoleStore(useShallow(selectDesktopActions));
  useEffect(() => {
    void loadDesktopPreferences();
  }, [loadDesktopPreferences]);
  if (!saved) return null;
  return (
    <section className="card" aria-labelledby="desktop-title" data-testid="desktop-section">
      <h2 id="desktop-title">Desktop app</h2>
      <p className="muted small">
        Closing the window keeps TonTill running in the tray: payments are still watched and webhooks delivered. Quit
        from the tray icon.
      </p>
      <DesktopForm key={JSON.stringify(saved)} saved={saved} />
    </section>
  );
}
