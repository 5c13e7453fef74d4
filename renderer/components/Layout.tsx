import type { ReactNode } from 'react';
import { useConsoleStore } from '../store';
import { dashboardSelectors, uiSelectors } from '../store/selectors';

const NAV: ReadonlyArray<[string, string, string]> = [
  ['dashboard', 'Dashboard', 'M3 13h8V3H3v10Zm0 8h8v-6H3v6Zm10 0h8V11h-8v10Zm0-18v6h8V3h-8Z'],
  ['invoice', 'New invoice', 'M11 5h2v6h6v2h-6v6h-2v-6H5v-2h6V5Z'],
  ['payments', 'Payments', 'M4 6h16v2H4V6Zm0 5h16v2H4v-2Zm0 5h16v2H4v-2Z'],
  ['unmatched', 'Unmatched', 'M4 4h16v12h-5l-3 3-3-3H4V4Zm2 2v8h4l2 2 2-2h4V6H6Z'],
  ['simulator', 'Simulator', 'M7 2h10v2h-2v5.3l5 8.7A2 2 0 0 1 18.3 21H5.7A2 2 0 0 1 4 18l5-8.7V4H7V2Zm4 2v5.8L8.2 15h7.6L13 9.8V4h-2Z'],
  ['webhooks', 'Webhooks', 'M10 3a5 5 0 0 1 4.6 7l-1.8-.9A3 3 0 1 0 8 11.5l-2.6 4.6-1.7-1 2.4-4.2A5 5 0 0 1 10 3Zm7 9a5 5 0 1 1-4.3 7.5l1.7-1A3 3 0 1 0 17 14h-5.3v-2H17Z'],
  ['widget', 'Widget preview', 'M3 5h18v14H3V5Zm2 2v10h14V7H5Zm2 2h6v2H7V9Z'],
  ['settings', 'Settings', 'M12 8a4 4 0 1 1 0 8 4 4 0 0 1 0-8Zm0 2a2 2 0 1 0 0 4 2 2 0 0 0 0-4ZM10.5 2h3l.5 2.6 2 .9 2.2-1.5 2.1 2.1-1.5 2.2.9 2 2.6.5v3l-2.6.5-.9 2 1.5 2.2-2.1 2.1-2.2-1.5-2 .9-.5 2.6h-3l-.5-2.6-2-.9-2.2 1.5-2.1-2.1 1.5-2.2-.9-2L2 13.5v-3l2.6-.5.9-2L4 5.8l2.1-2.1L8.3 5.2l2-.9.2-2.3Z'],
];

function ModeBadge() {
  const mode = useConsoleStore(dashboardSelectors.mode);
  if (!mode) return null;
  return <span className={`mode mode-${mode}`} title="Chain mode">{mode}</span>;
}

export function Layout({ children }: { children: ReactNode }) {
  const page = useConsoleStore(uiSelectors.page);
  const theme = useConsoleStore(uiSelectors.theme);
  const setTheme = useConsoleStore((s) => s.setTheme);
  const unmatched = useConsoleStore((s) => s.stats?.unmatched ?? 0);
  return (
    <div className="shell">
      <a className="skip-link" href="#main" onClick={(e) => { e.preventDefault(); document.getElementById('main')?.focus(); }}>Skip to content</a>
      <aside className="sidebar">
        <div className="brand">
          <svg viewBox="0 0 24 24" aria-hidden="true"><path fill="currentColor" d="M12 2 3 9l9 13 9-13-9-7Zm0 3.3L17.6 9H6.4L12 5.3Zm-1 5.7v7.2L6 11h5Zm2 0h5l-5 7.2V11Z" /></svg>
          <span>TonTill</span>
          <ModeBadge />
        </div>
        <nav aria-label="Console">
          <ul>
            {NAV.map(([route, label, icon]) => (
              <li key={route}>
                <a href={`#/${route}`} className="nav-link" aria-current={page === route || (route === 'payments' && page === 'payment') ? 'page' : undefined}>
                  <svg viewBox="0 0 24 24" aria-hidden="true"><path fill="currentColor" d={icon} /></svg>
                  <span>{label}</span>
                  {route === 'unmatched' && unmatched > 0 ? <span className="nav-count" aria-label={`${unmatched} waiting`}>{unmatched}</span> : null}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="sidebar-foot">
          <button type="button" className="btn btn-ghost btn-small" onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')} aria-label={`Switch to ${theme === 'dark' ? 'light' : 'dark'} theme`}>
            {theme === 'dark' ? '☀ Light' : '☾ Dark'}
          </button>
          <span className="hint">Press <kbd>g</kbd> then a letter to jump</span>
        </div>
      </aside>
      <main id="main" tabIndex={-1} className="main">{children}</main>
    </div>
  );
}

export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="page-header">
      <h1>{title}</h1>
      {children ? <div className="page-actions">{children}</div> : null}
    </header>
  );
}
