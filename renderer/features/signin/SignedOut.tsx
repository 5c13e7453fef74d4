import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useConsoleStore } from '../../store';
import { selectRole } from '../staff/slice';
import { selectSignInActions } from './slice';
import type { ConsoleSession } from '../../../contract/console';

type Role = ConsoleSession['role'];
const LAST_ROLE_KEY = 'tontill.lastRole';

/**
 * Who signed in last in this browser, kept past the session: once it has ended (revoked, expired)
 * the service no longer says, and a cashier must not be told to run a command only the owner can.
 */
export function useRememberedRole(): Role | null {
  const role = useConsoleStore(selectRole);
  useEffect(() => {
    if (role) localStorage.setItem(LAST_ROLE_KEY, role);
  }, [role]);
  const saved = localStorage.getItem(LAST_ROLE_KEY);
  return role ?? (saved === 'owner' || saved === 'cashier' ? saved : null);
}

function OwnerWays() {
  return (
    <>
      <li>
        On the computer that runs TonTill, run <code>npm run console -- link</code> and open the link it prints.
      </li>
      <li>
        If you set a passphrase, <a href="/console/login">sign in with the passphrase</a>.
      </li>
      <li>In the desktop app, restart it: it signs in by itself.</li>
    </>
  );
}

function CashierWays() {
  return (
    <>
      <li>Ask the owner for a new sign-in link (Settings → Cashiers → New link), and open it in this browser.</li>
      <li>
        If the owner gave you a passphrase, <a href="/console/login">sign in with your name and passphrase</a>.
      </li>
    </>
  );
}

/** What a 401 or a sign-out leads to: how to sign in again, in the words of whoever was signed in. */
export function SignedOut({ role }: { role: Role | null }) {
  return (
    <main className="signed-out" id="main" aria-labelledby="signed-out-title">
      <div className="card">
        <h1 id="signed-out-title">You are signed out</h1>
        <p>
          This console's session has ended (signed out, expired after 12 hours, access revoked, or the service's data
          was replaced).
        </p>
        <h2>Sign in again</h2>
        <ul>
          {role === 'cashier' ? (
            <CashierWays />
          ) : (
            <>
              <OwnerWays />
              {role === null ? <li>Cashiers: ask the owner for a new sign-in link.</li> : null}
            </>
          )}
        </ul>
      </div>
    </main>
  );
}

/** Ends the session on the service (its cookie no longer opens anything), then shows the signed-out screen. */
export function SignOutButton() {
  const { signOut } = useConsoleStore(useShallow(selectSignInActions));
  const [isSigningOut, setSigningOut] = useState(false);
  return (
    <button
      type="button"
      className="btn btn-ghost btn-small sign-out"
      disabled={isSigningOut}
      onClick={() => {
        setSigningOut(true);
        void signOut().finally(() => setSigningOut(false));
      }}
    >
      Sign out
    </button>
  );
}
