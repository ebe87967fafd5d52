import type { Role } from '@care/events';
import { apiSend } from '../../shared/api';
import { useUserCommand, userPath, type CommandReply } from './user-command';

/** PUT /api/users/:id/role with If-Match (the revision the table shows). */
export function useChangeUserRole() {
  return useUserCommand({
    run: ({ id, revision, role }: { id: string; revision: string; role: Role }) =>
      apiSend<CommandReply>('PUT', userPath(id, '/role'), { role }, { 'If-Match': revision }),
    success: () => ({ title: 'Role updated' }),
    failure: 'Failed to update role',
  });
}
