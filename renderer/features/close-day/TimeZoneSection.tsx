import { useEffect, useState, type FormEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { TimeZoneSetting } from '../../../contract/console-settings';
import { useConsoleStore } from '../../store';
import { selectCloseDayActions, selectIsSavingTimeZone, selectTimeZone, selectTimeZoneProblem } from './slice';

/** Every zone the browser knows, for the field's suggestions; a name typed by hand is checked by the service. */
const ZONES: readonly string[] = Intl.supportedValuesOf('timeZone');

function TimeZoneForm({ setting }: { setting: TimeZoneSetting }) {
  const { saveTimeZone } = useConsoleStore(useShallow(selectCloseDayActions));
  const isSaving = useConsoleStore(selectIsSavingTimeZone);
  const problem = useConsoleStore(selectTimeZoneProblem);
  const [zone, setZone] = useState(setting.timeZone);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void saveTimeZone(zone.trim());
  };
  return (
    <form className="card form" onSubmit={submit} noValidate aria-labelledby="time-zone-title" data-testid="time-zone">
      <h2 id="time-zone-title">Time zone</h2>
      <p className="muted small">
        The store&rsquo;s days begin and end at midnight here: the daily close counts each payment on its day.
      </p>
      <label htmlFor="time-zone">
        Time zone <span className="muted">(this computer: {setting.machineTimeZone})</span>
      </label>
      <input
        id="time-zone"
        list="time-zones"
        value={zone}
        maxLength={64}
        spellCheck={false}
        autoComplete="off"
        aria-invalid={problem ? true : undefined}
        onChange={(e) => setZone(e.target.value)}
      />
      <datalist id="time-zones">
        {ZONES.map((z) => (
          <option key={z} value={z} />
        ))}
      </datalist>
      {problem ? (
        <p className="field-error" role="alert" data-field="timeZone">
          {problem}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={isSaving || zone.trim() === setting.timeZone}>
          Save
        </button>
      </div>
    </form>
  );
}

/** Settings: the store's time zone, which cuts the daily close's days. */
export function TimeZoneSection() {
  const setting = useConsoleStore(selectTimeZone);
  const { loadTimeZone } = useConsoleStore(useShallow(selectCloseDayActions));
  useEffect(() => {
    void loadTimeZone();
  }, [loadTimeZone]);
  return setting ? <TimeZoneForm key={setting.timeZone} setting={setting} /> : null;
}
