import { useMutation } from '@tanstack/react-query';
import { apiSend } from '../../shared/api';

/** POST /api/login/password-reset: the one-time token from the link and the new password. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (request: { token: string; password: string }) =>
      apiSend<{ message: string }>('POST', '/api/login/password-reset', request),
  });
}
