import { useShallow } from 'zustand/react/shallow';
import { useConsoleStore } from '../../store';
import { selectCloseDayActions, selectIncludeTestPayments } from './slice';

/** Payments made to try the flow (the widget preview, the demo shop) are not takings: counted only when asked. */
export function TestPaymentsSwitch() {
  const on = useConsoleStore(selectIncludeTestPayments);
  const { setIncludeTestPayments } = useConsoleStore(useShallow(selectCloseDayActions));
  return (
    <label className="close-day-test-switch">
      <input type="checkbox" checked={on} onChange={(e) => void setIncludeTestPayments(e.target.checked)} />
      <span>
        Include test payments <span className="muted small">(widget preview, demo shop)</span>
      </span>
    </label>
  );
}
