import type { AuthUserView, LoginRequest } from '@care/events';
import { useMutation } from '@tanstack/react-query';
import { apiSend } from '../../shared/api';

export interface SignInReply {
  user: AuthUserView;
}

/**
 * POST /api/login: the server checks the password and sets the httpOnly session cookie. Failures: 401
 * (wrong email or password), 429 (locked out, `retryAfterSeconds`), 400 (field messages).
 */
export function useSignIn() {
  return useMutation({
    mutationFn: (request: LoginRequest) => apiSend<SignInReply>('POST', '/api/login', request),
  });
}
