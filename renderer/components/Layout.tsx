import { useEffect, useState, type ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { canOpen, sectionOf, sectionsFor } from '../routes';
import { SignOutButton } from '../features/signin/SignedOut';
import { useConsoleStore } from '../store';
import { selectChainMode } from '../features/dashboard/slice';
import { selectUnmatchedCount } from '../features/live/slice';
import { selectActorName, selectRole } from '../features/staff/slice';
import { selectPage, selectTheme, selectUiActions } from '../store/ui-slice';

function ModeBadge() {
  const mode = useConsoleStore(selectChainMode);
  if (!mode) return null;
  return (
    <span className={`mode mode-${mode}`} title="Chain mode">
      {mode}
    </span>
  );
}

const MODE_WARNINGS: Partial<Record<string, string>> = {
  sandbox: 'Sandbox — payments are simulated, no real money moves.',
  testnet: 'Testnet — test coins only.',
};

/** Off mainnet, every screen says so: a merchant must never take a simulated payment for real money. */
function ModeBanner() {
  const mode = useConsoleStore(selectChainMode);
  const warning = mode ? MODE_WARNINGS[mode] : undefined;
  if (!warning) return null;
  return (
    <p className={`mode-banner mode-banner-${mode}`} role="status" data-testid="mode-banner">
      {warning}
    </p>
  );
}

/** What the inbox's count means, said in full where only the number shows. */
const toReview = (count: number) => `${count} transfer${count === 1 ? '' : 's'} to review`;

export function Layout({ children }: { children: ReactNode }) {
  const page = useConsoleStore(selectPage);
  const theme = useConsoleStore(selectTheme);
  const { setTheme } = useConsoleStore(useShallow(selectUiActions));
  const unmatched = useConsoleStore(selectUnmatchedCount);
  // a cashier sees only their sections; the service refuses them the rest anyway
  const role = useConsoleStore(selectRole);
  const actorName = useConsoleStore(selectActorName);
  const sections = sectionsFor(role);
  // Phone width only: the sections fold into a menu, closed again once one is picked.
  const [isMenuOpen, setMenuOpen] = useState(false);
  useEffect(() => setMenuOpen(false), [page]);
  const current = sections.find((s) => s.route === sectionOf(page));
  // the inbox's count means something only to whoever may open the inbox
  const waiting = canOpen('unmatched', role) ? unmatched : 0;
  return (
    <div className="shell">
      <a
        className="skip-link"
        href="#main"
        onClick={(e) => {
          e.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        Skip to content
      </a>
      <ModeBanner />
      <aside className={`sidebar${isMenuOpen ? ' is-menu-open' : ''}`}>
        <div className="brand">
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path
              fill="currentColor"
              d="M12 2 3 9l9 13 9-13-9-7Zm0 3.3L17.6 9H6.4L12 5.3Zm-1 5.7v7.2L6 11h5Zm2 0h5l-5 7.2V11Z"
            />
          </svg>
          <span>TonTill</span>
          <ModeBadge />
        </div>
        <button
          type="button"
          className="btn btn-ghost nav-toggle"
          aria-expanded={isMenuOpen}
          aria-controls="console-nav"
          aria-label={waiting > 0 ? `Menu, ${toReview(waiting)}` : 'Menu'}
          onClick={() => setMenuOpen(!isMenuOpen)}
        >
          <span>Menu</span>
          {waiting > 0 ? (
            <span className="nav-count" aria-hidden="true">
              {waiting}
            </span>
          ) : null}
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path
              fill="currentColor"
              d={
                isMenuOpen
                  ? 'M6.4 5 5 6.4 10.6 12 5 17.6 6.4 19l5.6-5.6 5.6 5.6 1.4-1.4-5.6-5.6L19 6.4 17.6 5 12 10.6 6.4 5Z'
                  : 'M3 6h18v2H3V6Zm0 5h18v2H3v-2Zm0 5h18v2H3v-2Z'
              }
            />
          </svg>
        </button>
        <nav aria-label="Console" id="console-nav">
          <ul>
            {sections.map(({ route, label, icon }) => (
              <li key={route}>
                <a
                  href={`#/${route}`}
                  className="nav-link"
                  aria-current={route === current?.route ? 'page' : undefined}
                >
                  <svg viewBox="0 0 24 24" aria-hidden="true">
                    <path fill="currentColor" d={icon} />
                  </svg>
                  <span>{label}</span>
                  {route === 'unmatched' && unmatched > 0 ? (
                    <span className="nav-count" aria-label={toReview(unmatched)}>
                      {unmatched}
                    </span>
                  ) : null}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="sidebar-foot">
          <SignOutButton />
          <button
            type="button"
            className="btn btn-ghost btn-small"
            onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}
            aria-label={`Switch to ${theme === 'dark' ? 'light' : 'dark'} theme`}
          >
            {theme === 'dark' ? '☀ Light' : '☾ Dark'}
          </button>
          {role === 'cashier' ? (
            <span className="hint" data-testid="signed-in-as">
              Signed in as {actorName} (cashier)
            </span>
          ) : null}
          <span className="hint">
            Press <kbd>g</kbd> then a letter to jump
          </span>
        </div>
      </aside>
      <main id="main" tabIndex={-1} className="main">
        {children}
      </main>
    </div>
  );
}
