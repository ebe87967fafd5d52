import type { AccessLogEntryView } from '@care/events';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../shared/api';
import { queryKeys } from '../../shared/query-keys';

/** GET /api/access-log?limit=100 (admin): sign-ins, failures, sign-outs and resets, newest first. */
export const accessLogQueryOptions = queryOptions({
  queryKey: queryKeys.accessLog,
  queryFn: () => apiGet<AccessLogEntryView[]>('/api/access-log?limit=100'),
  // Each opening of the Security tab shows the log as it is now.
  refetchOnMount: 'always',
});
