import type { UpdateFeedbackRequest } from '@care/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../shared/api';
import { handleUnauthorized } from '../../shared/query-client';
import { toast } from '../../shared/toast';
import { invalidateFeedbackLists, setFeedbackRevision } from '../../records/feedback/feedback-list-key';

export interface UpdateFeedbackInput {
  id: string;
  /** The revision the list showed: a concurrent change makes the server answer 409. */
  revision: string;
  request: UpdateFeedbackRequest;
}

/** PATCH /api/feedback/{id} with If-Match (administrators: status and admin notes). */
export function useUpdateFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, revision, request }: UpdateFeedbackInput) =>
      apiSend<{ revision: string }>('PATCH', `/api/feedback/${encodeURIComponent(id)}`, request, {
        'If-Match': revision,
      }),
    onSuccess: (reply, { id }) => {
      setFeedbackRevision(queryClient, id, reply.revision);
      toast({ title: 'Feedback updated' });
    },
    onError: (error) => {
      if (!handleUnauthorized(error))
        toast({ title: 'Error', description: 'Failed to update feedback', variant: 'destructive' });
    },
    // A refusal may mean the list was stale (409): reload it either way.
    onSettled: () => invalidateFeedbackLists(queryClient),
  });
}
