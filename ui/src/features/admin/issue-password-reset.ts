import type { PasswordResetLinkReply } from '@care/events';
import { apiSend } from '../../shared/api';
import { useUserCommand, userPath } from './user-command';

/**
 * POST /api/users/:id/password-reset: 201 with the one-time link, for this administrator to pass on (there
 * is no mail server yet). The link is shown from the mutation's data (PasswordResetLinkDialog) and nowhere else.
 */
export function useIssuePasswordReset() {
  return useUserCommand({
    run: ({ id }: { id: string; name: string }) =>
      apiSend<PasswordResetLinkReply>('POST', userPath(id, '/password-reset')),
    success: (_reply, { name }) => ({
      title: 'Password reset link issued',
      description: `Pass the link on to ${name}.`,
    }),
    failure: 'Failed to issue a password reset',
  });
}
