import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { setupSteps } from './first-run';
import { useConsoleStore } from '../../store';
import { selectDashboardActions, selectIsChecklistHidden, selectPaidCount } from './slice';
import { selectSavedMerchantAddress, selectSettingsActions } from '../settings/slice';
import { selectEndpointCount, selectWebhooksActions } from '../webhooks/slice';
import { selectUiActions } from '../../store/ui-slice';

/** Wallet, webhook, first test payment: shown on the dashboard until all are done or hidden. */
export function FirstRunChecklist() {
  const merchantAddress = useConsoleStore(selectSavedMerchantAddress);
  const webhookEndpoints = useConsoleStore(selectEndpointCount);
  const paidPayments = useConsoleStore(selectPaidCount);
  const isHidden = useConsoleStore(selectIsChecklistHidden);
  const { loadSettings } = useConsoleStore(useShallow(selectSettingsActions));
  const { loadEndpoints } = useConsoleStore(useShallow(selectWebhooksActions));
  const { hideChecklist } = useConsoleStore(useShallow(selectDashboardActions));
  const { navigate } = useConsoleStore(useShallow(selectUiActions));
  useEffect(() => {
    if (isHidden) return;
    void loadSettings();
    void loadEndpoints();
  }, [isHidden, loadSettings, loadEndpoints]);
  if (isHidden || merchantAddress === null || paidPayments === null) return null;
  const steps = setupSteps({ merchantAddress, webhookEndpoints, paidPayments });
  const done = steps.filter((s) => s.isDone).length;
  if (done === steps.length) return null;
  return (
    <section className="card checklist" aria-labelledby="checklist-title" data-testid="first-run-checklist">
      <header className="checklist-head">
        <h2 id="checklist-title">
          Get ready to take payments{' '}
          <span className="muted">
            · {done} of {steps.length} done
          </span>
        </h2>
        <button type="button" className="btn btn-ghost btn-small" onClick={hideChecklist}>
          Hide checklist
        </button>
      </header>
      <ol className="checklist-steps">
        {steps.map((step) => (
          <li
            key={step.id}
            className={step.isDone ? 'is-done' : undefined}
            data-testid={`setup-${step.id}`}
            data-done={step.isDone}
          >
            <span className="checklist-mark" aria-hidden="true">
              {step.isDone ? '✓' : ''}
            </span>
            <div>
              <p className="strong">
                {step.title}
                <span className="sr-only">{step.isDone ? ' (done)' : ' (to do)'}</span>
              </p>
              <p className="muted small">{step.detail}</p>
            </div>
            {step.isDone ? null : (
              <button type="button" className="btn btn-small" onClick={() => navigate(step.route)}>
                {step.action}
              </button>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
