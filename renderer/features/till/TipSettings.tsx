import { useEffect, useState, type FormEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { MAX_TIP_PRESETS, type TipSettings as Tips } from '../../../contract/console-settings';
import { useConsoleStore } from '../../store';
import { selectTipActions, selectTipSettings } from './tip-step';
import './till.css';

/** The three percent fields as typed: whole numbers from 1 to 100, empty ones left out. */
function presetsOf(fields: readonly string[]): { presets: number[] } | { problem: string } {
  const filled = fields.map((f) => f.trim()).filter((f) => f !== '');
  if (filled.some((f) => !/^\d{1,3}$/.test(f) || Number(f) < 1 || Number(f) > 100))
    return { problem: 'Each percentage is a whole number from 1 to 100.' };
  if (filled.length === 0) return { problem: 'Give at least one percentage.' };
  return { presets: filled.map(Number) };
}

function TipForm({ settings }: { settings: Tips }) {
  const { saveTipSettings } = useConsoleStore(useShallow(selectTipActions));
  const [enabled, setEnabled] = useState(settings.enabled);
  const [fields, setFields] = useState(() =>
    Array.from({ length: MAX_TIP_PRESETS }, (_, i) => String(settings.presets[i] ?? '')),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = presetsOf(fields);
    if ('problem' in parsed) {
      setProblem(parsed.problem);
      return;
    }
    setProblem(null);
    setIsSaving(true);
    await saveTipSettings({ enabled, presets: parsed.presets });
    setIsSaving(false);
  };
  return (
    <form
      className="card form"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-labelledby="tips-title"
      data-testid="tip-settings"
    >
      <h2 id="tips-title">Tips at the till</h2>
      <p className="muted small">
        After the sale and before the QR code, the till asks &ldquo;Add a tip?&rdquo;: each percentage with its exact
        amount, a custom amount, or no tip. The customer pays sale and tip in one transfer; the receipt and the daily
        close show the tip.
      </p>
      <label className="checkbox">
        <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} /> Ask for a tip at the
        till
      </label>
      <fieldset className="tip-presets">
        <legend>Percent buttons (up to {MAX_TIP_PRESETS}; leave one empty for fewer)</legend>
        {fields.map((value, i) => (
          <label key={i}>
            <span className="sr-only">Tip button {i + 1}, in percent</span>
            <input
              inputMode="numeric"
              value={value}
              maxLength={3}
              aria-invalid={problem ? true : undefined}
              onChange={(e) => setFields((f) => f.map((old, j) => (j === i ? e.target.value : old)))}
            />{' '}
            %
          </label>
        ))}
      </fieldset>
      {problem ? (
        <p className="field-error" role="alert" data-field="presets">
          {problem}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={isSaving}>
          Save
        </button>
      </div>
    </form>
  );
}

/** Settings: whether the till asks for a tip, and with which percentages. */
export function TipSettings() {
  const settings = useConsoleStore(selectTipSettings);
  const { loadTipSettings } = useConsoleStore(useShallow(selectTipActions));
  useEffect(() => {
    void loadTipSettings();
  }, [loadTipSettings]);
  return settings ? <TipForm key={JSON.stringify(settings)} settings={settings} /> : null;
}
