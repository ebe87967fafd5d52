import type { IncidentView } from '@care/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend, type SendMethod } from '../../shared/api';
import { refusalReason } from '../../shared/form-errors';
import { handleUnauthorized } from '../../shared/query-client';
import { toast } from '../../shared/toast';
import { incidentPath, reloadIncidents } from './get-incidents';

export interface CommandReply {
  id: string;
  revision: string;
  position: string | null;
}

/**
 * One incident command on an existing incident: `<method> /api/incidents/:id<action>` with If-Match. A step the
 * incident's status does not allow is refused (409) with the server's reason, which a dialog shows (it rethrows)
 * or, for a one-click command, the toast. The incident queries reload either way.
 */
export function useIncidentCommand<B>(
  action: string,
  texts: { readonly success: string; readonly failure: string },
  method: SendMethod = 'POST',
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ incident, body }: { incident: Pick<IncidentView, 'id' | 'revision'>; body?: B }) =>
      apiSend<CommandReply>(method, incidentPath(incident.id, action), body ?? {}, { 'If-Match': incident.revision }),
    onSuccess: () => toast({ title: texts.success }),
    onError: (error) => {
      if (!handleUnauthorized(error))
        toast({ title: 'Error', description: refusalReason(error, texts.failure), variant: 'destructive' });
    },
    onSettled: () => reloadIncidents(queryClient),
  });
}
