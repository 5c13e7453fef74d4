/**
 * Payments made to try the flow (the widget preview, the demo shop) are not takings: the close, the
 * dashboard and the payments list leave them out until this switch is on.
 */
export function TestPaymentsSwitch({
  label,
  on,
  onChange,
}: {
  label: string;
  on: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <label className="test-payments-switch">
      <input type="checkbox" checked={on} onChange={(e) => onChange(e.target.checked)} />
      <span>
        {label} <span className="muted small">(widget preview, demo shop)</span>
      </span>
    </label>
  );
}

/** What marks a test payment in a list and on its page. */
export function TestBadge({ label = 'Test' }: { label?: string }) {
  return <span className="badge badge-test">{label}</span>;
}
