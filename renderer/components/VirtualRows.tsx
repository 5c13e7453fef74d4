import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

interface Props<T> {
  items: readonly T[];
  rowHeight: number;
  /** rows rendered beyond the visible ones, each side */
  overscan?: number;
  keyOf(item: T): string;
  renderRow(item: T, index: number): ReactNode;
  onNearEnd?(): void;
  label: string;
}

/**
 * Hand-rolled windowing: only the rows in view (plus a margin) exist in the DOM, so 100,000 rows
 * cost what 30 do. Arrow keys move between rows; the list scrolls to keep the focused one visible.
 */
export function VirtualRows<T>({ items, rowHeight, overscan = 8, keyOf, renderRow, onNearEnd, label }: Props<T>) {
  const viewport = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(600);

  useEffect(() => {
    const el = viewport.current;
    if (!el) return undefined;
    const observer = new ResizeObserver(() => setHeight(el.clientHeight));
    observer.observe(el);
    setHeight(el.clientHeight);
    return () => observer.disconnect();
  }, []);

  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const last = Math.min(items.length, Math.ceil((scrollTop + height) / rowHeight) + overscan);

  useEffect(() => {
    if (onNearEnd && last >= items.length - overscan * 4) onNearEnd();
  }, [last, items.length, overscan, onNearEnd]);

  const onKeyDown = useCallback(
    (e: KeyboardEvent<HTMLDivElement>) => {
      if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp' && e.key !== 'Home' && e.key !== 'End') return;
      const el = viewport.current;
      const current =
        document.activeElement instanceof HTMLElement ? Number(document.activeElement.dataset.index ?? -1) : -1;
      const target =
        e.key === 'Home'
          ? 0
          : e.key === 'End'
            ? items.length - 1
            : Math.max(0, Math.min(items.length - 1, current + (e.key === 'ArrowDown' ? 1 : -1)));
      if (!el || target < 0) return;
      e.preventDefault();
      const top = target * rowHeight;
      if (top < el.scrollTop) el.scrollTop = top;
      else if (top + rowHeight > el.scrollTop + el.clientHeight) el.scrollTop = top + rowHeight - el.clientHeight;
      requestAnimationFrame(() => el.querySelector<HTMLElement>(`[data-index="${target}"]`)?.focus());
    },
    [items.length, rowHeight],
  );

  const rows: ReactNode[] = [];
  for (let i = first; i < last; i++) {
    const item = items[i]!;
    rows.push(
      <div
        key={keyOf(item)}
        className="vrow"
        role="row"
        aria-rowindex={i + 2}
        style={{ transform: `translateY(${i * rowHeight}px)`, height: rowHeight }}
      >
        {renderRow(item, i)}
      </div>,
    );
  }
  return (
    <div
      ref={viewport}
      className="vviewport"
      role="rowgroup"
      aria-label={label}
      onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
      onKeyDown={onKeyDown}
    >
      <div className="vspacer" style={{ height: items.length * rowHeight }}>
        {rows}
      </div>
    </div>
  );
}
