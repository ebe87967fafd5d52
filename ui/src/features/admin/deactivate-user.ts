import { apiSend } from '../../shared/api';
import { useUserCommand, userPath, type CommandReply } from './user-command';

/** POST /api/users/:id/deactivate: the account can no longer sign in. */
export function useDeactivateUser() {
  return useUserCommand({
    run: ({ id, revision }: { id: string; revision: string; name: string }) =>
      apiSend<CommandReply>('POST', userPath(id, '/deactivate'), undefined, { 'If-Match': revision }),
    success: (_reply, { name }) => ({ title: 'User deactivated', description: `${name} can no longer sign in.` }),
    failure: 'Failed to deactivate user',
  });
}
