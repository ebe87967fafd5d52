import type {
  ApproveLeaveRequest,
  CancelLeaveRequest,
  DeclineLeaveRequest,
  RequestLeaveCommandInput,
} from '@care/events';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiSend } from '../../shared/api';
import { handleUnauthorized } from '../../shared/query-client';
import { toast } from '../../shared/toast';
import { LEAVE_PATH } from './leave-queries';
import { reloadQueriesUnder } from '../../shared/live';

/** After a change: every leave read, and the carers list's "On leave" and the rota's visits an approval unassigned. */
function reloadAfterLeaveChange(queryClient: QueryClient): void {
  for (const base of [LEAVE_PATH, '/api/carers', '/api/appointments']) reloadQueriesUnder(queryClient, base);
}

/** A leave command with its toasts; the dialog shows the server's reasons itself, so no failure toast repeats them. */
function useLeaveMutation<TInput>(send: (input: TInput) => Promise<unknown>, success: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => {
      toast({ title: success });
      reloadAfterLeaveChange(queryClient);
    },
    onError: (error) => void handleUnauthorized(error),
  });
}

const leaveUrl = (id: string, action: string) => `${LEAVE_PATH}/${encodeURIComponent(id)}/${action}`;

/** The leave a command acts on, as the screen last read it: a change in between makes the server answer 409. */
interface LeaveTarget {
  id: string;
  revision: string;
}

/** POST /api/leave. */
export function useRequestLeave() {
  return useLeaveMutation(
    (request: RequestLeaveCommandInput) => apiSend('POST', LEAVE_PATH, request),
    'Leave requested',
  );
}

/** POST /api/leave/:id/approve; a 409 with `visits` is thrown to the dialog, which lists them. */
export function useApproveLeave() {
  return useLeaveMutation(
    ({ leave, body }: { leave: LeaveTarget; body: ApproveLeaveRequest }) =>
      apiSend('POST', leaveUrl(leave.id, 'approve'), body, { 'If-Match': leave.revision }),
    'Leave approved',
  );
}

/** POST /api/leave/:id/decline. */
export function useDeclineLeave() {
  return useLeaveMutation(
    ({ leave, body }: { leave: LeaveTarget; body: DeclineLeaveRequest }) =>
      apiSend('POST', leaveUrl(leave.id, 'decline'), body, { 'If-Match': leave.revision }),
    'Leave declined',
  );
}

/** POST /api/leave/:id/cancel: an approver's cancellation, or the requester withdrawing a waiting request. */
export function useCancelLeave(success: string) {
  return useLeaveMutation(
    ({ leave, body }: { leave: LeaveTarget; body: CancelLeaveRequest }) =>
      apiSend('POST', leaveUrl(leave.id, 'cancel'), body, { 'If-Match': leave.revision }),
    success,
  );
}
