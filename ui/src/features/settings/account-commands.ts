import type { ChangeOwnNameRequest, ChangeOwnPasswordRequest, NotificationChoices } from '@care/events';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend } from '../../shared/api';
import { queryKeys } from '../../shared/query-keys';

/** GET /api/account/notifications: the signed-in user's own choices (all on until they save some). */
export const notificationChoicesQuery = queryOptions({
  queryKey: ['/api/account/notifications'],
  queryFn: () => apiGet<NotificationChoices>('/api/account/notifications'),
});

/** PATCH /api/account/profile; the shell's name (GET /api/auth/user) is read again once it lands. */
export function useChangeOwnName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangeOwnNameRequest) => apiSend('PATCH', '/api/account/profile', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.authUser }),
  });
}

/** POST /api/account/password: the reply renews this browser's session cookie; every other session has ended. */
export function useChangeOwnPassword() {
  return useMutation({
    mutationFn: (input: ChangeOwnPasswordRequest) => apiSend('POST', '/api/account/password', input),
  });
}

export function useSetNotificationChoices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choices: NotificationChoices) => apiSend('PUT', '/api/account/notifications', choices),
    onSuccess: (_reply, choices) => queryClient.setQueryData(notificationChoicesQuery.queryKey, choices),
  });
}
