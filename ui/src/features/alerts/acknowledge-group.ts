import type { AlertGroupView, AlertView } from '@care/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../shared/api';
import { refusalReason } from '../../shared/form-errors';
import { apiGetAll, withParams } from '../../shared/paged-list';
import { handleUnauthorized } from '../../shared/query-client';
import { toast } from '../../shared/toast';
import { ALERTS_PATH, reloadAlerts } from '../../records/alerts/get-alerts';

/**
 * Acknowledges a group: reads its unacknowledged members as they stand (every page), then POST
 * /api/alert-groups/acknowledge naming each with its revision, so a member that changed in between is refused (409)
 * rather than acknowledged unseen. Each member's acknowledgement is recorded on its own alert.
 */
export function useAcknowledgeGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ group, note }: { group: Pick<AlertGroupView, 'key'>; note?: string }) => {
      const members = await apiGetAll<AlertView>(withParams(ALERTS_PATH, { group: group.key, status: 'active' }));
      if (members.length === 0) return { acknowledged: 0 };
      return apiSend<{ acknowledged: number }>('POST', '/api/alert-groups/acknowledge', {
        group: group.key,
        members: members.map((alert) => ({ id: alert.id, revision: alert.revision })),
        ...(note ? { note } : {}),
      });
    },
    onSuccess: ({ acknowledged }) => {
      toast({ title: acknowledged === 1 ? '1 alert acknowledged' : `${acknowledged} alerts acknowledged` });
    },
    onError: (error) => {
      if (!handleUnauthorized(error))
        toast({
          title: 'Error',
          description: refusalReason(error, 'Failed to acknowledge the group'),
          variant: 'destructive',
        });
    },
    onSettled: () => reloadAlerts(queryClient),
  });
}
