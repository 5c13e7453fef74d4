import { useEffect, useState, type FormEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { STORE_LOGO_MAX_BYTES, STORE_LOGO_TYPES, type StoreProfile } from '../../../contract/console-settings';
import { useConsoleStore } from '../../store';
import { selectBrandActions, selectIsSavingStoreProfile, selectStoreProfile, selectStoreProfileProblem } from './slice';

function FieldProblem({ field }: { field: string }) {
  const problem = useConsoleStore(selectStoreProfileProblem);
  return problem?.field === field ? (
    <p className="field-error" role="alert" data-field={`store.${field}`}>
      {problem.message}
    </p>
  ) : null;
}

function ProfileForm({ profile }: { profile: StoreProfile }) {
  const { saveStoreProfile, uploadStoreLogo, removeStoreLogo } = useConsoleStore(useShallow(selectBrandActions));
  const isSaving = useConsoleStore(selectIsSavingStoreProfile);
  const [name, setName] = useState(profile.name);
  const [contact, setContact] = useState(profile.contact);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void saveStoreProfile({ name: name.trim(), contact: contact.trim() });
  };
  return (
    <form className="card form" onSubmit={submit} noValidate aria-labelledby="store-title" data-testid="store-profile">
      <h2 id="store-title">Store on the checkout</h2>
      <p className="muted small">
        Customers see the name and logo at the top of every checkout screen, and the contact on the expired and
        cancelled screens (&ldquo;Already paid? Contact …&rdquo;).
      </p>
      <label htmlFor="store-name">Store name</label>
      <input
        id="store-name"
        value={name}
        maxLength={80}
        placeholder="Coffee Corner"
        onChange={(e) => setName(e.target.value)}
      />
      <FieldProblem field="name" />
      <label htmlFor="store-contact">
        Contact <span className="muted">(e-mail or https link)</span>
      </label>
      <input
        id="store-contact"
        value={contact}
        maxLength={200}
        placeholder="help@shop.example"
        spellCheck={false}
        onChange={(e) => setContact(e.target.value)}
      />
      <FieldProblem field="contact" />
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={isSaving}>
          Save
        </button>
      </div>
      <label htmlFor="store-logo">
        Logo <span className="muted">(PNG or JPEG, at most {STORE_LOGO_MAX_BYTES / 1024} KB)</span>
      </label>
      <div className="store-logo-row">
        {profile.logoUrl ? (
          <img className="store-logo-preview" src={`/${profile.logoUrl}`} alt="Current logo" width={48} height={48} />
        ) : null}
        <input
          id="store-logo"
          type="file"
          accept={STORE_LOGO_TYPES.join(',')}
          disabled={isSaving}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void uploadStoreLogo(file);
          }}
        />
        {profile.logoUrl ? (
          <button type="button" className="btn" onClick={() => void removeStoreLogo()} disabled={isSaving}>
            Remove logo
          </button>
        ) : null}
      </div>
      <FieldProblem field="logo" />
      <FieldProblem field="data" />
    </form>
  );
}

/** Settings: the store's name, contact and logo, as the checkout shows them. */
export function StoreProfileSection() {
  const profile = useConsoleStore(selectStoreProfile);
  const { loadStoreProfile } = useConsoleStore(useShallow(selectBrandActions));
  useEffect(() => {
    void loadStoreProfile();
  }, [loadStoreProfile]);
  return profile ? <ProfileForm key={`${profile.name}|${profile.contact}`} profile={profile} /> : null;
}
