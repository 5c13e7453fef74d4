import { useEffect, useState, type FormEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { formatDateTime } from '../../lib/format';
import { useConsoleStore } from '../../store';
import {
  isCurrentPassphraseProblem,
  selectIsSavingPassphrase,
  selectPassphrase,
  selectPassphraseProblem,
  selectSignInActions,
} from './slice';
import { ConfirmButton } from '../../components/ConfirmDialog';

/** The owner's sign-in passphrase: set, change or remove it. The service keeps only a scrypt hash. */
export function PassphraseSection() {
  const status = useConsoleStore(selectPassphrase);
  const problem = useConsoleStore(selectPassphraseProblem);
  const isSaving = useConsoleStore(selectIsSavingPassphrase);
  const { loadPassphrase, savePassphrase, removePassphrase } = useConsoleStore(useShallow(selectSignInActions));
  const [current, setCurrent] = useState('');
  const [value, setValue] = useState('');
  const [repeat, setRepeat] = useState('');
  useEffect(() => {
    void loadPassphrase();
  }, [loadPassphrase]);
  const minLength = status?.minLength ?? 12;
  const mismatch = repeat !== '' && repeat !== value;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (mismatch || value.length < minLength) return;
    if (await savePassphrase(value, status?.isSet ? current : undefined)) {
      setCurrent('');
      setValue('');
      setRepeat('');
    }
  };
  const remove = async () => {
    if (await removePassphrase(current)) setCurrent('');
  };
  const needsCurrent = Boolean(status?.isSet) && current === '';
  const tooShort = value !== '' && value.length < minLength;
  const error =
    problem ?? (tooShort ? `At least ${minLength} characters.` : mismatch ? 'The two entries differ.' : null);
  const currentIsWrong = isCurrentPassphraseProblem(problem);
  return (
    <section className="card" aria-labelledby="passphrase-title">
      <h2 id="passphrase-title">Sign-in passphrase</h2>
      <p className="muted small" role="status" data-testid="passphrase-status">
        {status?.isSet
          ? `Set ${formatDateTime(status.updatedAt)}. Sign in from another browser at /console/login with it.`
          : 'Not set: only one-time links (npm run console -- link) and the desktop app sign in.'}
      </p>
      <form className="passphrase-form" onSubmit={(e) => void submit(e)} noValidate>
        {status?.isSet ? (
          <label>
            <span>Current passphrase</span>
            <input
              type="password"
              autoComplete="current-password"
              value={current}
              aria-invalid={currentIsWrong}
              aria-describedby="passphrase-help"
              onChange={(e) => setCurrent(e.target.value)}
            />
          </label>
        ) : null}
        <label>
          <span>{status?.isSet ? 'New passphrase' : 'Passphrase'}</span>
          <input
            type="password"
            autoComplete="new-password"
            value={value}
            minLength={minLength}
            aria-invalid={error !== null && !currentIsWrong}
            aria-describedby="passphrase-help"
            onChange={(e) => setValue(e.target.value)}
          />
        </label>
        <label>
          <span>Repeat it</span>
          <input
            type="password"
            autoComplete="new-password"
            value={repeat}
            aria-invalid={mismatch}
            onChange={(e) => setRepeat(e.target.value)}
          />
        </label>
        <p id="passphrase-help" className={error ? 'field-error' : 'muted small'} aria-live="polite">
          {error ?? `At least ${minLength} characters; a few unrelated words are easy to type and hard to guess.`}
        </p>
        <div className="row-actions">
          <button
            type="submit"
            className="btn btn-primary"
            disabled={isSaving || needsCurrent || value.length < minLength || repeat !== value}
          >
            {status?.isSet ? 'Change passphrase' : 'Set passphrase'}
          </button>
          {status?.isSet ? (
            <ConfirmButton
              label="Remove passphrase"
              className="btn btn-danger"
              title="Remove the sign-in passphrase?"
              confirmLabel="Remove passphrase"
              keepLabel="Keep passphrase"
              danger
              disabled={needsCurrent}
              onConfirm={() => void remove()}
            >
              <p>Browsers signed in keep their session. New sign-ins then need a one-time link.</p>
            </ConfirmButton>
          ) : null}
        </div>
      </form>
    </section>
  );
}
