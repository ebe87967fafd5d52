import type {
  AlertAudience,
  AlertAudiencesView,
  ChangeOwnNameRequest,
  ChangeOwnPasswordRequest,
  NotificationChoices,
} from '@care/events';
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

/** GET /api/account/alert-audiences: what the signed-in user's bell follows, and what they read (alerts.read only). */
export const alertAudiencesQuery = queryOptions({
  queryKey: ['/api/account/alert-audiences'],
  queryFn: () => apiGet<AlertAudiencesView>('/api/account/alert-audiences'),
});

/**
 * PUT /api/account/alert-audiences. The bell's count and the dashboard's Alerts tile follow by themselves: the
 * server moves this person's live connection to the new choice and pushes its figures.
 */
export function useSetAlertAudiences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (audiences: AlertAudience[]) => apiSend('PUT', '/api/account/alert-audiences', { audiences }),
    onSuccess: (_reply, audiences) =>
      queryClient.setQueryData(alertAudiencesQuery.queryKey, (view) =>
        view ? { ...view, following: audiences } : view,
      ),
  });
}
