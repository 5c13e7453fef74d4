import { settingsApi } from '../settings/api';
import { staffApi } from './api';
import type { ConsoleStore, SliceCreator } from '../../store/types';
import type { AssetCode } from '../../../contract/asset';
import type { ConsoleSession } from '../../../contract/console';
import type { AuditEntryView, CashierView } from '../../../contract/console-staff';

/** A sign-in link just made for a cashier: shown once, to hand over. */
export interface CashierLink {
  name: string;
  url: string;
  expiresAt: string;
}

export interface StaffSlice {
  /** who is signed in; null until the session answers (the console then shows only what a cashier may use) */
  role: ConsoleSession['role'] | null;
  actorName: string | null;
  /** the assets the store takes now, from the session; USDT alone until it answers */
  acceptedAssets: AssetCode[];
  cashiers: CashierView[];
  cashierLink: CashierLink | null;
  auditEntries: AuditEntryView[];
  auditNextBefore: number | null;
  isAuditLoading: boolean;
  loadSession(): Promise<void>;
  loadCashiers(): Promise<void>;
  /** true once made (the form clears itself) */
  createCashier(name: string, passphrase: string | null): Promise<boolean>;
  newCashierLink(cashier: CashierView): Promise<void>;
  setCashierPassphrase(id: string, passphrase: string | null): Promise<boolean>;
  revokeCashier(id: string): Promise<void>;
  dismissCashierLink(): void;
  /** the first page, or with `more` the next older one */
  loadAudit(more?: boolean): Promise<void>;
}

const linkOf = (name: string, path: string, expiresAt: string): CashierLink => ({
  name,
  url: `${location.origin}${path}`,
  expiresAt,
});

export const createStaffSlice: SliceCreator<StaffSlice> = (set, get) => ({
  role: null,
  actorName: null,
  acceptedAssets: ['USDT'],
  cashiers: [],
  cashierLink: null,
  auditEntries: [],
  auditNextBefore: null,
  isAuditLoading: false,
  loadSession: async () => {
    try {
      const session = await settingsApi.session();
      set({ role: session.role, actorName: session.name, acceptedAssets: session.acceptedAssets });
    } catch (err) {
      get().fail(err, 'Could not load the session');
    }
  },
  loadCashiers: async () => {
    try {
      set({ cashiers: (await staffApi.cashiers()).items });
    } catch (err) {
      get().fail(err, 'Could not load the cashiers');
    }
  },
  createCashier: async (name, passphrase) => {
    try {
      const made = await staffApi.createCashier({ name, ...(passphrase ? { passphrase } : {}) });
      set((s) => ({
        cashiers: [made.cashier, ...s.cashiers],
        cashierLink: linkOf(made.cashier.name, made.loginLink.path, made.loginLink.expiresAt),
      }));
      return true;
    } catch (err) {
      get().fail(err, 'Could not add the cashier');
      return false;
    }
  },
  newCashierLink: async (cashier) => {
    try {
      const link = await staffApi.cashierLink(cashier.id);
      set({ cashierLink: linkOf(cashier.name, link.path, link.expiresAt) });
    } catch (err) {
      get().fail(err, 'Could not make a sign-in link');
    }
  },
  setCashierPassphrase: async (id, passphrase) => {
    try {
      const updated = await staffApi.setCashierPassphrase(id, passphrase);
      set((s) => ({ cashiers: s.cashiers.map((c) => (c.id === id ? updated : c)) }));
      get().toast(
        'success',
        passphrase
          ? `${updated.name} can sign in with the passphrase at /console/login`
          : `${updated.name}'s passphrase removed`,
      );
      return true;
    } catch (err) {
      get().fail(err, 'Could not save the passphrase');
      return false;
    }
  },
  revokeCashier: async (id) => {
    try {
      await staffApi.revokeCashier(id);
      get().toast('success', 'Cashier revoked: their sessions have ended');
      await get().loadCashiers();
    } catch (err) {
      get().fail(err, 'Could not revoke the cashier');
    }
  },
  dismissCashierLink: () => set({ cashierLink: null }),
  loadAudit: async (more = false) => {
    set({ isAuditLoading: true });
    try {
      const page = await staffApi.audit(more ? get().auditNextBefore : null);
      set((s) => ({
        auditEntries: more ? [...s.auditEntries, ...page.items] : page.items,
        auditNextBefore: page.nextBefore,
      }));
    } catch (err) {
      get().fail(err, 'Could not load the audit log');
    } finally {
      set({ isAuditLoading: false });
    }
  },
});

export const selectRole = (s: ConsoleStore) => s.role;
/** Owner-only screens and actions show only once the session says so: a cashier never sees them, not even briefly. */
export const selectIsOwner = (s: ConsoleStore) => s.role === 'owner';
export const selectActorName = (s: ConsoleStore) => s.actorName;
export const selectAcceptedAssets = (s: ConsoleStore) => s.acceptedAssets;
export const selectCashiers = (s: ConsoleStore) => s.cashiers;
export const selectCashierLink = (s: ConsoleStore) => s.cashierLink;
export const selectAuditEntries = (s: ConsoleStore) => s.auditEntries;
export const selectHasMoreAudit = (s: ConsoleStore) => s.auditNextBefore !== null;
export const selectIsAuditLoading = (s: ConsoleStore) => s.isAuditLoading;
export const selectStaffActions = (s: ConsoleStore) => ({
  loadSession: s.loadSession,
  loadCashiers: s.loadCashiers,
  createCashier: s.createCashier,
  newCashierLink: s.newCashierLink,
  setCashierPassphrase: s.setCashierPassphrase,
  revokeCashier: s.revokeCashier,
  dismissCashierLink: s.dismissCashierLink,
  loadAudit: s.loadAudit,
});
