import { useMutation } from '@tanstack/react-query';
import { apiSend } from '../../shared/api';

/** POST /api/login/password-reset-requests: always 202 with the same message, whether or not the email has an account. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) =>
      apiSend<{ message: string }>('POST', '/api/login/password-reset-requests', { email }),
  });
}
