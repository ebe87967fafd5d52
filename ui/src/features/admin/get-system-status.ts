import type { AutomatedJobView, OutboxMessageView, SystemStatusView } from '@care/events';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../shared/api';

/**
 * GET /api/status/system (admin). Under /api/status, so the read API's `status:tick` push (every 5 s to
 * administrators) reloads it; the interval is only a fallback while the socket is away.
 */
export const systemStatusQuery = queryOptions({
  queryKey: ['/api/status/system'],
  queryFn: () => apiGet<SystemStatusView>('/api/status/system'),
  refetchInterval: 30_000,
  refetchOnMount: 'always',
});

/** GET /api/status/jobs (admin): the automated features and their last runs. */
export const automatedJobsQuery = queryOptions({
  queryKey: ['/api/status/jobs'],
  queryFn: () => apiGet<AutomatedJobView[]>('/api/status/jobs'),
  refetchOnMount: 'always',
});

/** GET /api/mail/outbox (admin): the latest messages and their fate; reloaded with the status push. */
export const outboxQuery = queryOptions({
  queryKey: ['/api/status/mail', { limit: 20 }],
  queryFn: () => apiGet<OutboxMessageView[]>('/api/mail/outbox?limit=20'),
  refetchOnMount: 'always',
});
