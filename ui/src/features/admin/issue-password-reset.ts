import { apiSend } from '../../shared/api';
import { useUserCommand, userPath } from './user-command';

/** POST /api/users/:id/password-reset: 202 `{ message }`; the one-time link goes to the user, not to this screen. */
export function useIssuePasswordReset() {
  return useUserCommand({
    run: ({ id }: { id: string; name: string }) => apiSend<{ message?: string } | undefined>('POST', userPath(id, '/password-reset')),
    success: (reply, { name }) => ({ title: 'Password reset issued', description: reply?.message ?? `A reset link has been issued for ${name}.` }),
    failure: 'Failed to issue a password reset',
  });
}
