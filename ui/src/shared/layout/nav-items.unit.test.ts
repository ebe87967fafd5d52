import { describe, expect, it } from 'vitest';
import { MAIN_NAV, navFor } from './nav-items';

describe('navFor', () => {
  it('shows the Admin entry only to roles with the admin panel permission', () => {
    expect(navFor('admin', MAIN_NAV).map((item) => item.label)).toContain('Admin');
    expect(navFor('coordinator', MAIN_NAV).map((item) => item.label)).not.toContain('Admin');
    expect(navFor('carer', MAIN_NAV).map((item) => item.label)).not.toContain('Admin');
    expect(navFor('carer', MAIN_NAV)).toHaveLength(MAIN_NAV.length - 2);
  });

  it('shows the Audit entry to administrators and auditors only', () => {
    const withAudit = (['admin', 'coordinator', 'carer', 'auditor'] as const).filter((role) =>
      navFor(role, MAIN_NAV).some((item) => item.to === '/audit'),
    );
    expect(withAudit).toEqual(['admin', 'auditor']);
  });
});
