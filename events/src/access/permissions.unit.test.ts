import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROLES } from '../enums';
import { auditorHolds, can, PERMISSIONS, type Permission } from './permissions';

const ROLES_DOC = readFileSync(
  path.resolve(import.meta.dirname, '../../../docs/features/accounts-and-roles.md'),
  'utf8',
);

describe('the permission matrix', () => {
  it('is written in docs/features/accounts-and-roles.md exactly as the code enforces it', () => {
    const rows = Object.fromEntries(
      ROLES_DOC.split('\n')
        .map((line) => /^\| `([a-zA-Z.]+)` \| (yes|no) \| (yes|no) \| (yes|no) \| (yes|no) \| (yes|no) \|/.exec(line))
        .filter((match): match is RegExpExecArray => match !== null)
        .map((match) => [match[1], [match[2], match[3], match[4], match[5], match[6]]]),
    );
    const fromCode = Object.fromEntries(
      (Object.keys(PERMISSIONS) as Permission[]).map((permission) => [
        permission,
        ROLES.map((role) => (can(role, permission) ? 'yes' : 'no')),
      ]),
    );
    expect(ROLES).toEqual(['admin', 'coordinator', 'carer', 'auditor', 'family']);
    expect(rows).toEqual(fromCode);
  });

  it('gives a family account the family portal and nothing else, and no staff role the portal', () => {
    const held = (Object.keys(PERMISSIONS) as Permission[]).filter((permission) => can('family', permission));
    expect(held).toEqual(['family.portal']);
    expect(ROLES.filter((role) => can(role, 'family.portal'))).toEqual(['family']);
  });

  it('gives user management and the admin panel to admins only', () => {
    expect(ROLES.filter((role) => can(role, 'users.manage'))).toEqual(['admin']);
    expect(ROLES.filter((role) => can(role, 'admin.panel'))).toEqual(['admin']);
  });

  it('gives an auditor every read, confidential entries, the audit screen and the live socket, and nothing else', () => {
    const held = (Object.keys(PERMISSIONS) as Permission[]).filter((permission) => can('auditor', permission));
    const reads = (Object.keys(PERMISSIONS) as Permission[]).filter((permission) => permission.endsWith('.read'));
    expect(held.sort()).toEqual(
      [...new Set([...reads, 'diary.readConfidential', 'audit.read', 'live.connect'])].sort(),
    );
    for (const write of [
      'carers.write',
      'clients.write',
      'diary.write',
      'users.manage',
      'admin.panel',
      'audit.verify',
      'visits.record',
      'tasks.work',
    ] as const) {
      expect(can('auditor', write)).toBe(false);
    }
  });

  it("derives the auditor's column from the name, so a read permission added later is theirs without an edit", () => {
    expect(auditorHolds('medications.read')).toBe(true);
    expect(auditorHolds('incidents.read')).toBe(true);
    expect(auditorHolds('medications.readOwn')).toBe(false);
    expect(auditorHolds('medications.prescribe')).toBe(false);
    expect(auditorHolds('reports.schedule')).toBe(false);
  });

  it('gives audit.read to admins and auditors, and verifying the log to admins only', () => {
    expect(ROLES.filter((role) => can(role, 'audit.read'))).toEqual(['admin', 'auditor']);
    expect(ROLES.filter((role) => can(role, 'audit.verify'))).toEqual(['admin']);
  });
});
