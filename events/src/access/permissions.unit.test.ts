import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROLES } from '../enums';
import { can, PERMISSIONS, type Permission } from './permissions';

const README = readFileSync(path.resolve(import.meta.dirname, '../../../README.md'), 'utf8');

describe('the permission matrix', () => {
  it('is written in the README exactly as the code enforces it', () => {
    const rows = Object.fromEntries(
      README.split('\n')
        .map((line) => /^\| `([a-zA-Z.]+)` \| (yes|no) \| (yes|no) \| (yes|no) \|/.exec(line))
        .filter((match): match is RegExpExecArray => match !== null)
        .map((match) => [match[1], [match[2], match[3], match[4]]]),
    );
    const fromCode = Object.fromEntries(
      (Object.keys(PERMISSIONS) as Permission[]).map((permission) => [
        permission,
        ROLES.map((role) => (can(role, permission) ? 'yes' : 'no')),
      ]),
    );
    expect(ROLES).toEqual(['admin', 'coordinator', 'carer']);
    expect(rows).toEqual(fromCode);
  });

  it('gives user management and the admin panel to admins only', () => {
    expect(ROLES.filter((role) => can(role, 'users.manage'))).toEqual(['admin']);
    expect(ROLES.filter((role) => can(role, 'admin.panel'))).toEqual(['admin']);
  });
});
