import type { ConsoleSession } from '../../contract/console';

/**
 * Who a console session belongs to, and what that lets it call. Pure, so each decision has its own
 * test (test/unit/console-roles.test.ts).
 */
export type ConsoleRole = ConsoleSession['role'];

export interface ConsoleActor {
  role: ConsoleRole;
  /** 'owner', or the cashier's name as the owner typed it */
  name: string;
  cashierId: string | null;
}

export const OWNER: ConsoleActor = { role: 'owner', name: 'owner', cashierId: null };

/** The two console declarations a route can make: 'console' is owner-only, 'staff' any session. */
export type ConsoleAuth = 'console' | 'staff';

/** Owner-only unless the route was opened to staff: a route added later stays closed to cashiers by default. */
export function roleMayCall(role: ConsoleRole, auth: ConsoleAuth): boolean {
  return role === 'owner' || auth === 'staff';
}

/** The session's holder from its stored row: no cashier is the owner (every session made before cashiers existed). */
export function actorOfSession(holder: { cashierId: string | null; cashierName: string | null }): ConsoleActor {
  return holder.cashierId === null
    ? OWNER
    : { role: 'cashier', name: holder.cashierName ?? '', cashierId: holder.cashierId };
}

/** How the audit log and refunds name the actor: 'owner' or 'cashier:<name>'. */
export function auditActor(actor: ConsoleActor): string {
  return actor.role === 'owner' ? 'owner' : `cashier:${actor.name}`;
}
