import type { CreateFeedbackRequest } from '@care/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../shared/api';
import { handleUnauthorized } from '../../shared/query-client';
import { toast } from '../../shared/toast';
import { invalidateFeedbackLists } from '../../records/feedback/feedback-list-key';

/** POST /api/feedback, from the dialog or a quick choice, with the success and failure toasts. */
export function useSubmitFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateFeedbackRequest) => apiSend('POST', '/api/feedback', request),
    onSuccess: async () => {
      toast({ title: 'Feedback Submitted', description: "Thank you for your feedback! We'll review it shortly." });
      await invalidateFeedbackLists(queryClient);
    },
    onError: (error) => {
      if (!handleUnauthorized(error)) {
        toast({
          title: 'Submission Failed',
          description: 'Unable to submit feedback. Please try again.',
          variant: 'destructive',
        });
      }
    },
  });
}
