import { describe, expect, it } from 'vitest';
import { actorOfSession, auditActor, OWNER, roleMayCall } from '../../server/auth/console-roles';

describe('console roles', () => {
  it('lets the owner call every console route, a cashier only the ones opened to staff', () => {
    expect(roleMayCall('owner', 'console')).toBe(true);
    expect(roleMayCall('owner', 'staff')).toBe(true);
    expect(roleMayCall('cashier', 'staff')).toBe(true);
    expect(roleMayCall('cashier', 'console')).toBe(false);
  });

  it("takes a session without a cashier for the owner's, as every session made before cashiers existed", () => {
    expect(actorOfSession({ cashierId: null, cashierName: null })).toEqual(OWNER);
    expect(actorOfSession({ cashierId: 'csh_1', cashierName: 'Ana' })).toEqual({
      role: 'cashier',
      name: 'Ana',
      cashierId: 'csh_1',
    });
  });

  it('names actors in the audit log so a cashier called "owner" is not the owner', () => {
    expect(auditActor(OWNER)).toBe('owner');
    expect(auditActor({ role: 'cashier', name: 'owner', cashierId: 'csh_2' })).toBe('cashier:owner');
  });
});
