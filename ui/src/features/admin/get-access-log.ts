import type { AccessLogEntryView } from '@care/events';
import { usePagedList } from '../../shared/paged-list';
import { queryKeys } from '../../shared/query-keys';

/** GET /api/access-log (admin): sign-ins, failures, sign-outs and resets, newest first, a page at a time. */
export function useAccessLog() {
  return usePagedList<AccessLogEntryView>(queryKeys.accessLog[0], {});
}
