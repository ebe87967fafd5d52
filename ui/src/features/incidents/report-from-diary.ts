import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../shared/api';
import { refusalReason } from '../../shared/form-errors';
import { handleUnauthorized } from '../../shared/query-client';
import { toast } from '../../shared/toast';
import { INCIDENTS_PATH, reloadIncidents } from './get-incidents';
import type { CommandReply } from './incident-command';

/**
 * "Report as Incident" on a diary entry of type incident: one POST, and the entry's title, text, client, carer and
 * time become the report (severity from its priority). A second press answers 409, shown in the toast.
 */
export function useReportFromDiary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (diaryEntryId: string) =>
      apiSend<CommandReply>('POST', `${INCIDENTS_PATH}/from-diary-entry`, { diaryEntryId }),
    onSuccess: () => toast({ title: 'Incident reported', description: 'It is listed under Incidents.' }),
    onError: (error) => {
      if (!handleUnauthorized(error))
        toast({
          title: 'Error',
          description: refusalReason(error, 'Failed to report the incident'),
          variant: 'destructive',
        });
    },
    onSettled: () => reloadIncidents(queryClient),
  });
}
