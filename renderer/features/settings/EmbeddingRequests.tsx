import { useShallow } from 'zustand/react/shallow';
import type { SettingsView } from '../../../contract/console-settings';
import { formatDateTime } from '../../lib/format';
import { useConsoleStore } from '../../store';
import { selectSettingsActions } from './slice';

/**
 * Where the merchant approves embedding: pages that tried to frame a checkout and were refused by
 * the store's list, each one click from allowed. With no list yet off the sandbox, says what to do.
 */
export function EmbeddingRequests({ view }: { view: SettingsView }) {
  const { allowOrigin, dismissRefusedOrigin } = useConsoleStore(useShallow(selectSettingsActions));
  const refused = view.refusedOrigins;
  const unset = view.running.chain.mode !== 'sandbox' && view.allowedOrigins.length === 0;
  if (refused.length === 0 && !unset) return null;
  return (
    <section className="card" aria-labelledby="embedding-title" data-testid="embedding-requests">
      <h2 id="embedding-title">Embedding requests</h2>
      {refused.length === 0 ? (
        <p className="muted">
          No website may embed your checkout yet: widget sessions created without <code>allowedOrigins</code> are
          refused on {view.running.chain.mode}. Add your shop&apos;s origin under <em>Allowed embedding origins</em>, or
          open your shop page: the first website that tries appears here for approval.
        </p>
      ) : (
        <>
          <p>
            These websites tried to embed your checkout and were refused. Allow the ones that are yours; the others can
            be dismissed.
          </p>
          <table className="table">
            <thead>
              <tr>
                <th>Website</th>
                <th>Last tried</th>
                <th>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {refused.map((r) => (
                <tr key={r.origin} data-origin={r.origin}>
                  <td>
                    <code>{r.origin}</code>
                  </td>
                  <td title={`First tried ${formatDateTime(r.firstSeenAt)}`}>{formatDateTime(r.lastSeenAt)}</td>
                  <td>
                    <div className="row-actions">
                      <button
                        type="button"
                        className="btn btn-small btn-primary"
                        aria-label={`Allow ${r.origin}`}
                        onClick={() => void allowOrigin(r.origin)}
                      >
                        Allow
                      </button>
                      <button
                        type="button"
                        className="btn btn-small"
                        aria-label={`Dismiss ${r.origin}`}
                        onClick={() => void dismissRefusedOrigin(r.origin)}
                      >
                        Dismiss
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
