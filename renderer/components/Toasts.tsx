import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useConsoleStore } from '../store';
import { selectToasts, selectUiActions, type Toast } from '../store/ui-slice';

/** How long a good news notice stays: long enough to read, short enough not to sit over the next button. */
const NEWS_MS = 8_000;

/**
 * What shows of the notices: every error (until dismissed) and only the newest good news, so
 * notices never pile up over the page's buttons.
 */
export function shownToasts(toasts: readonly Toast[]): Toast[] {
  const newestNews = toasts.findLast((t) => t.kind !== 'error');
  return toasts.filter((t) => t.kind === 'error' || t === newestNews);
}

function ToastItem({ toast }: { toast: Toast }) {
  const { dismissToast } = useConsoleStore(useShallow(selectUiActions));
  const onDismiss = () => dismissToast(toast.id);
  useEffect(() => {
    if (toast.kind === 'error') return undefined;
    const timer = setTimeout(() => dismissToast(toast.id), NEWS_MS);
    return () => clearTimeout(timer);
  }, [toast.kind, toast.id, dismissToast]);
  return (
    <div className={`toast toast-${toast.kind}`} role={toast.kind === 'error' ? 'alert' : 'status'}>
      <span>{toast.message}</span>
      <button type="button" className="toast-close" aria-label="Dismiss" onClick={onDismiss}>
        ×
      </button>
    </div>
  );
}

export function Toasts() {
  const toasts = useConsoleStore(selectToasts);
  return (
    <div className="toasts" aria-live="polite" aria-relevant="additions">
      {shownToasts(toasts).map((t) => (
        <ToastItem key={t.id} toast={t} />
      ))}
    </div>
  );
}
