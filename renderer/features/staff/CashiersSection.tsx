import { useEffect, useState, type FormEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { CashierView } from '../../../contract/console-staff';
import { formatDateTime } from '../../lib/format';
import { useConsoleStore } from '../../store';
import { selectCashierLink, selectCashiers, selectStaffActions } from './slice';
import { ConfirmButton } from '../../components/ConfirmDialog';
import { CopyButton } from '../../components/CopyButton';

const MIN_PASSPHRASE = 12;

/** The link just made: shown once, to hand to the cashier (it signs in once, within 15 minutes). */
function FreshLink() {
  const link = useConsoleStore(selectCashierLink);
  const { dismissCashierLink } = useConsoleStore(useShallow(selectStaffActions));
  if (!link) return null;
  return (
    <div className="callout" role="status" data-testid="cashier-link">
      <p>
        <strong>{link.name}</strong>: open this link on the till&apos;s browser. It signs in once, until{' '}
        {formatDateTime(link.expiresAt)}.
      </p>
      <p>
        <code className="wrap" data-testid="cashier-link-url">
          {link.url}
        </code>{' '}
        <CopyButton text={link.url} />
      </p>
      <button type="button" className="btn btn-small" onClick={dismissCashierLink}>
        Done
      </button>
    </div>
  );
}

function AddCashier() {
  const { createCashier } = useConsoleStore(useShallow(selectStaffActions));
  const [name, setName] = useState('');
  const [passphrase, setPassphrase] = useState('');
  const tooShort = passphrase !== '' && passphrase.length < MIN_PASSPHRASE;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim() || tooShort) return;
    if (await createCashier(name.trim(), passphrase || null)) {
      setName('');
      setPassphrase('');
    }
  };
  return (
    <form className="inline-form" onSubmit={(e) => void submit(e)}>
      <label>
        <span>Cashier name</span>
        <input value={name} placeholder="Ana" maxLength={60} onChange={(e) => setName(e.target.value)} />
      </label>
      <label>
        <span>Passphrase (optional)</span>
        <input
          type="password"
          value={passphrase}
          autoComplete="new-password"
          aria-invalid={tooShort || undefined}
          onChange={(e) => setPassphrase(e.target.value)}
        />
      </label>
      <button type="submit" className="btn btn-primary" disabled={!name.trim() || tooShort}>
        Add cashier
      </button>
      {tooShort ? (
        <p className="problem small" role="alert">
          At least {MIN_PASSPHRASE} characters, or none.
        </p>
      ) : null}
    </form>
  );
}

function CashierActions({ cashier }: { cashier: CashierView }) {
  const { newCashierLink, setCashierPassphrase, revokeCashier } = useConsoleStore(useShallow(selectStaffActions));
  if (cashier.revokedAt) return <span className="muted">revoked {formatDateTime(cashier.revokedAt)}</span>;
  return (
    <div className="row-actions">
      <button type="button" className="btn btn-small" onClick={() => void newCashierLink(cashier)}>
        New sign-in link
      </button>
      {cashier.hasPassphrase ? (
        <button type="button" className="btn btn-small" onClick={() => void setCashierPassphrase(cashier.id, null)}>
          Remove passphrase
        </button>
      ) : null}
      <ConfirmButton
        label="Revoke"
        className="btn btn-small btn-danger"
        title={`Revoke ${cashier.name}?`}
        confirmLabel="Revoke cashier"
        keepLabel="Keep cashier"
        danger
        onConfirm={() => void revokeCashier(cashier.id)}
      >
        <p>{cashier.name} is signed out everywhere at once, and their unused sign-in links stop working.</p>
      </ConfirmButton>
    </div>
  );
}

/**
 * Settings → Cashiers: people who may use the till, make invoices and see payments, and nothing
 * else (no refunds, settings, keys, webhooks, backups or the unmatched inbox).
 */
export function CashiersSection() {
  const cashiers = useConsoleStore(selectCashiers);
  const { loadCashiers } = useConsoleStore(useShallow(selectStaffActions));
  useEffect(() => {
    void loadCashiers();
  }, [loadCashiers]);
  return (
    <section className="card" aria-labelledby="cashiers-title" data-testid="cashiers">
      <h2 id="cashiers-title">Cashiers</h2>
      <p className="muted small">
        A cashier can use the till, create invoices, see payments and print receipts; nothing else. Each signs in with a
        one-time link, or with their name and passphrase at <code>/console/login</code>.
      </p>
      <FreshLink />
      <AddCashier />
      <table className="table">
        <thead>
          <tr>
            <th>Name</th>
            <th>Passphrase</th>
            <th>Last sign-in</th>
            <th>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {cashiers.length === 0 ? (
            <tr>
              <td colSpan={4} className="muted">
                No cashier yet.
              </td>
            </tr>
          ) : null}
          {cashiers.map((c) => (
            <tr key={c.id} className={c.revokedAt ? 'is-revoked' : ''} data-cashier={c.name}>
              <td>{c.name}</td>
              <td>{c.hasPassphrase ? 'set' : '—'}</td>
              <td>{c.lastSignInAt ? formatDateTime(c.lastSignInAt) : 'never'}</td>
              <td>
                <CashierActions cashier={c} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
