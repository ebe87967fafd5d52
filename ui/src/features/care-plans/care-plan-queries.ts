import type {
  CarePlanDetailView,
  CarePlanDiffView,
  CarePlanStats,
  CarePlanTemplateView,
  CarePlanView,
} from '@care/events';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiGet } from '../../shared/api';
import { isUnder } from '../../shared/live';
import { usePagedList } from '../../shared/paged-list';

/** URL first: the live push's `care-plans:changed` and every command reload what starts with it. */
export const CARE_PLANS_PATH = '/api/care-plans';

export type PlanListView = 'all' | 'in_use' | 'active' | 'due' | 'overdue' | 'high_risk';
export type PlanSort = 'review' | 'quality' | 'updated' | 'client';

/** GET /api/care-plans, a page at a time, searched by client name or title on the server. */
export function useCarePlanList(view: PlanListView, search: string, sort: PlanSort = 'review') {
  return usePagedList<CarePlanView>(CARE_PLANS_PATH, { view, sort, search: search.trim() || undefined });
}

export const carePlanStatsQueryOptions = queryOptions({
  queryKey: [`${CARE_PLANS_PATH}/stats`] as const,
  queryFn: () => apiGet<CarePlanStats>(`${CARE_PLANS_PATH}/stats`),
});

export const carePlanTemplatesQueryOptions = queryOptions({
  queryKey: [`${CARE_PLANS_PATH}/templates`] as const,
  queryFn: () => apiGet<CarePlanTemplateView[]>(`${CARE_PLANS_PATH}/templates`),
});

export const carePlanPath = (id: string, action = '') => `${CARE_PLANS_PATH}/${encodeURIComponent(id)}${action}`;

export const carePlanQueryOptions = (id: string) =>
  queryOptions({ queryKey: [carePlanPath(id)] as const, queryFn: () => apiGet<CarePlanDetailView>(carePlanPath(id)) });

export const carePlanDiffQueryOptions = (id: string, from: number, to: number) =>
  queryOptions({
    queryKey: [carePlanPath(id, `/diff?from=${from}&to=${to}`)] as const,
    queryFn: () => apiGet<CarePlanDiffView>(carePlanPath(id, `/diff?from=${from}&to=${to}`)),
  });

/** After a care-plan command: every list, card figure and open plan reloads (read your writes). */
export function reloadCarePlans(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey: [url] }) => typeof url === 'string' && isUnder(url, CARE_PLANS_PATH),
  });
}
