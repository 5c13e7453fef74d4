import { useShallow } from 'zustand/react/shallow';
import { useConsoleStore } from '../store';
import { selectToasts, selectUiActions } from '../store/ui-slice';

export function Toasts() {
  const toasts = useConsoleStore(selectToasts);
  const { dismissToast } = useConsoleStore(useShallow(selectUiActions));
  return (
    <div className="toasts" aria-live="polite" aria-relevant="additions">
      {toasts.map((t) => (
        <div key={t.id} className={`toast toast-${t.kind}`} role={t.kind === 'error' ? 'alert' : 'status'}>
          <span>{t.message}</span>
          <button type="button" className="toast-close" aria-label="Dismiss" onClick={() => dismissToast(t.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
