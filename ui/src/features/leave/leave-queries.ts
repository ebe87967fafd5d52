import type { LeaveView } from '@care/events';
import { queryOptions } from '@tanstack/react-query';
import { apiGetAll, withParams } from '../../shared/paged-list';

/**
 * Every leave read's key starts with its URL under /api/leave, so the live push for the leave read model and a
 * command's reload reach them all: the leave screen's list, the rota's chips and the carers screen's lines.
 */
export const LEAVE_PATH = '/api/leave';

/**
 * Approved leave sharing a day with a range (and of one carer when given), every page of it: a week or a month of
 * the rota holds at most a few per carer, and nothing on the rota may be left out silently.
 */
export function approvedLeaveQueryOptions(range: { from: string; to: string; carerId?: string | undefined }) {
  const path = withParams(LEAVE_PATH, { status: 'approved', from: range.from, to: range.to, carerId: range.carerId });
  return queryOptions({ queryKey: [path, 'all'] as const, queryFn: () => apiGetAll<LeaveView>(path) });
}

/**
 * Approved leave that has not ended by `today`, of every carer the reader may see: the carers screen's "Next
 * leave" lines. One read for the whole screen (usually a single page: only leave still to come is listed) rather
 * than one per carer card: a page of 50 cards would otherwise cost 50 requests on every reload.
 */
export function upcomingLeaveQueryOptions(today: string) {
  const path = withParams(LEAVE_PATH, { status: 'approved', from: today });
  return queryOptions({ queryKey: [path, 'all'] as const, queryFn: () => apiGetAll<LeaveView>(path) });
}
