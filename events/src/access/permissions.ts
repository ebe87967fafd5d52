import type { Role } from '../enums';

/**
 * The permission matrix (README "Roles and permissions"). The command API, the read API and the
 * socket.io handshake all decide with `can`; the UI uses it only to hide what would be refused.
 * Later features add their rows here, so the whole policy stays in one table.
 */
export const PERMISSIONS = {
  'users.manage': {
    roles: ['admin'],
    description: 'List users, add a user, change a role, deactivate, reactivate, issue a password reset',
  },
  'admin.panel': { roles: ['admin'], description: 'Open the admin panel and read the access log' },
  'carers.read': { roles: ['admin', 'coordinator'], description: 'Read every carer record' },
  'carers.readOwn': { roles: ['carer'], description: 'Read only the carer record linked to their own account' },
  'carers.write': { roles: ['admin', 'coordinator'], description: 'Add, edit, deactivate and delete carers' },
  'live.connect': {
    roles: ['admin', 'coordinator', 'carer'],
    description: 'Open the live socket (figures are filtered by the permissions above)',
  },
  'diary.readConfidential': {
    roles: ['admin', 'coordinator'],
    description: "Read confidential diary entries (a carer reads only their own; enforced when the diary lands)",
  },
} as const satisfies Record<string, { roles: readonly Role[]; description: string }>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: Role, permission: Permission): boolean {
  return (PERMISSIONS[permission].roles as readonly Role[]).includes(role);
}
