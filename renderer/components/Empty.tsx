import type { ReactNode } from 'react';

export function Empty({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty" role="status">
      <svg viewBox="0 0 24 24" aria-hidden="true" className="empty-mark">
        <path
          fill="currentColor"
          d="M12 2 3 9l9 13 9-13-9-7Zm0 3.3L17.6 9H6.4L12 5.3Zm-1 5.7v7.2L6 11h5Zm2 0h5l-5 7.2V11Z"
        />
      </svg>
      <p className="empty-title">{title}</p>
      {children ? <div className="empty-body">{children}</div> : null}
    </div>
  );
}

export function Spinner({ label = 'Loading' }: { label?: string }) {
  return <span className="spinner" role="progressbar" aria-label={label} />;
}

export function Skeleton({ lines = 3 }: { lines?: number }) {
  return (
    <div className="skeleton" aria-hidden="true">
      {Array.from({ length: lines }, (_, i) => (
        <span key={i} />
      ))}
    </div>
  );
}
