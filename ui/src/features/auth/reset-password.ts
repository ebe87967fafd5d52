import { useMutation, useQuery } from '@tanstack/react-query';
import type { FamilyInvitationCheckReply } from '@care/events';
import { apiSend } from '../../shared/api';

/**
 * POST /api/login/password-reset: the one-time token from the link and the new password. An invitation to the
 * family portal (`/landing?invitation=`) is accepted the same way at POST /api/login/family-invitation.
 */
export function useResetPassword(link: OneTimeLink = 'reset') {
  return useMutation({
    mutationFn: (request: { token: string; password?: string }) =>
      apiSend<{ message: string }>(
        'POST',
        link === 'invitation' ? '/api/login/family-invitation' : '/api/login/password-reset',
        request,
      ),
  });
}

/** Which one-time link opened the new-password form: a password reset, or an invitation to the family portal. */
export type OneTimeLink = 'reset' | 'invitation';

/**
 * POST /api/login/family-invitation/check, before the invitation's form shows: whether the link still works and
 * whether the person chooses a password (someone who already signs in to the portal only accepts). Spends nothing.
 */
export function useFamilyInvitationCheck(token: string, enabled: boolean) {
  return useQuery({
    queryKey: ['family-invitation-check', token],
    queryFn: () => apiSend<FamilyInvitationCheckReply>('POST', '/api/login/family-invitation/check', { token }),
    enabled,
    retry: false,
  });
}
