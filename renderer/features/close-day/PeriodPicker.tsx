import { useShallow } from 'zustand/react/shallow';
import { useConsoleStore } from '../../store';
import { selectUiActions } from '../../store/ui-slice';
import { isDate, kindOf, monthOf, periodRoute, stepPeriod, weekOf, type Period, type PeriodKind } from './period';

const KINDS: { kind: PeriodKind; label: string }[] = [
  { kind: 'day', label: 'Day' },
  { kind: 'week', label: 'Week' },
  { kind: 'month', label: 'Month' },
  { kind: 'dates', label: 'Dates' },
];

/** A span of the chosen kind around the day the report starts on. */
function periodOfKind(kind: PeriodKind, p: Period): Period {
  if (kind === 'week') return weekOf(p.first);
  if (kind === 'month') return monthOf(p.first);
  if (kind === 'day') return { first: p.first, last: p.first };
  return p;
}

function DateField({ label, value, onPick }: { label: string; value: string; onPick: (date: string) => void }) {
  return (
    <input
      type="date"
      aria-label={label}
      value={value}
      required
      onChange={(e) => {
        if (isDate(e.target.value)) onPick(e.target.value);
      }}
    />
  );
}

/** The close's day, week, month or any dates; previous and next step by the same kind of span. */
export function PeriodPicker({ period }: { period: Period }) {
  const { navigate } = useConsoleStore(useShallow(selectUiActions));
  const kind = kindOf(period);
  const go = (next: Period) => navigate(periodRoute(next));
  const noun = kind === 'dates' ? 'dates' : kind;
  return (
    <div className="close-day-nav" role="group" aria-label="Period">
      <div className="close-day-kinds" role="radiogroup" aria-label="Report over">
        {KINDS.map((k) => (
          <button
            key={k.kind}
            type="button"
            role="radio"
            aria-checked={kind === k.kind}
            className={`btn btn-small${kind === k.kind ? ' btn-primary' : ''}`}
            onClick={() => go(periodOfKind(k.kind, k.kind === 'dates' ? weekOf(period.first) : period))}
          >
            {k.label}
          </button>
        ))}
      </div>
      <button
        type="button"
        className="btn"
        onClick={() => go(stepPeriod(period, kind, -1))}
        aria-label={`Previous ${noun}`}
      >
        ‹ Previous
      </button>
      {kind === 'dates' ? (
        <>
          <DateField
            label="From"
            value={period.first}
            onPick={(d) => go({ first: d, last: d > period.last ? d : period.last })}
          />
          <DateField
            label="Through"
            value={period.last}
            onPick={(d) => go({ first: d < period.first ? d : period.first, last: d })}
          />
        </>
      ) : (
        <DateField label="Date" value={period.first} onPick={(d) => go(periodOfKind(kind, { first: d, last: d }))} />
      )}
      <button type="button" className="btn" onClick={() => go(stepPeriod(period, kind, 1))} aria-label={`Next ${noun}`}>
        Next ›
      </button>
      <button type="button" className="btn btn-ghost" onClick={() => navigate('close-day')}>
        Today
      </button>
    </div>
  );
}
