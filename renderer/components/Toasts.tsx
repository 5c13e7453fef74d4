import { useConsoleStore } from '../store';
import { uiSelectors } from '../store/selectors';

export function Toasts() {
  const toasts = useConsoleStore(uiSelectors.toasts);
  const dismiss = useConsoleStore((s) => s.dismissToast);
  return (
    <div className="toasts" aria-live="polite" aria-relevant="additions">
      {toasts.map((t) => (
        <div key={t.id} className={`toast toast-${t.kind}`} role={t.kind === 'error' ? 'alert' : 'status'}>
          <span>{t.message}</span>
          <button type="button" className="toast-close" aria-label="Dismiss" onClick={() => dismiss(t.id)}>×</button>
        </div>
      ))}
    </div>
  );
}
