import { useEffect, useState, type FormEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { UpdateFeedUrlSchema, type DesktopNotificationPrefs, type DesktopPreferences } from '../../../contract/desktop';
import { useConsoleStore } from '../../store';
import { selectDesktopActions, selectDesktopPreferences, selectDesktopProblem } from '../../store/slices/desktop';

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
  const feedError = (touched ? feedProblem(feed) : null) ?? (problem?.field === 'updates.feedUrl' ? problem.message : null);
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
            <label key={key} className="check"><input type="checkbox" checked={draft.notifications[key]} onChange={() => toggle(key)} /> {label}</label>
          ))}
        </div>
      </fieldset>
      <label className="check"><input type="checkbox" checked={draft.openAtLogin} onChange={() => setDraft((d) => ({ ...d, openAtLogin: !d.openAtLogin }))} /> Start TonTill when I log in (in the tray, no window)</label>
      <label><span>Update feed</span>
        <input type="url" inputMode="url" placeholder="https://updates.your-shop.example/tontill/" value={feed} aria-invalid={feedError !== null}
          aria-describedby="desktop-feed-help" onChange={(e) => setFeed(e.target.value)} onBlur={() => setTouched(true)} /></label>
      <p id="desktop-feed-help" className={feedError ? 'field-error' : 'muted small'} aria-live="polite">
        {feedError ?? 'Where this app looks for new versions (https only). Leave it blank to update by hand.'}
      </p>
      {problem && problem.field !== 'updates.feedUrl' ? <p className="field-error" role="alert">{problem.message}</p> : null}
      <button type="submit" className="btn btn-primary">Save</button>
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
      <p className="muted small">Closing the window keeps TonTill running in the tray: payments are still watched and webhooks delivered. Quit from the tray icon.</p>
      <DesktopForm key={JSON.stringify(saved)} saved={saved} />
    </section>
  );
}
