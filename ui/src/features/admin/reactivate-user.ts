import { apiSend } from '../../shared/api';
import { useUserCommand, userPath, type CommandReply } from './user-command';

/** POST /api/users/:id/reactivate */
export function useReactivateUser() {
  return useUserCommand({
    run: ({ id, revision }: { id: string; revision: string; name: string }) =>
      apiSend<CommandReply>('POST', userPath(id, '/reactivate'), undefined, { 'If-Match': revision }),
    success: (_reply, { name }) => ({ title: 'User reactivated', description: `${name} can sign in again.` }),
    failure: 'Failed to reactivate user',
  });
}
