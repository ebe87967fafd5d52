import { queryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type {
  FamilyAgencyView,
  FamilyCarePlanView,
  FamilyClientView,
  FamilyMedicationSummary,
  FamilyVisitView,
  FamilyVisitWhen,
} from '@care/events';
import { apiGet, apiGetPage, type ListPage } from '../../shared/api';
import { withParams } from '../../shared/paged-list';

/*
 * The family portal's reads (read-api/src/family). Every key starts with its URL under /api/family, so the family
 * socket's `family:changed` reloads whatever is on screen (shared/live.ts) without a reload of the page.
 */

/** The clients the signed-in family member has active access to. */
export const familyClientsQuery = queryOptions({
  queryKey: ['/api/family/clients'] as const,
  queryFn: () => apiGet<FamilyClientView[]>('/api/family/clients'),
});

/** How to reach the agency. */
export const familyAgencyQuery = queryOptions({
  queryKey: ['/api/family/agency'] as const,
  queryFn: () => apiGet<FamilyAgencyView>('/api/family/agency'),
});

/** The client's medication summary of the last 7 days (only asked for when the client shares it). */
export const familyMedicationsQuery = (clientId: string) =>
  queryOptions({
    queryKey: [`/api/family/clients/${clientId}/medications?days=7`] as const,
    queryFn: () => apiGet<FamilyMedicationSummary>(`/api/family/clients/${clientId}/medications?days=7`),
  });

/** The care plan in use, or `{ plan: null }`. */
export const familyCarePlanQuery = (clientId: string) =>
  queryOptions({
    queryKey: [`/api/family/clients/${clientId}/care-plan`] as const,
    queryFn: () => apiGet<FamilyCarePlanView>(`/api/family/clients/${clientId}/care-plan`),
  });

/** Visits per request: a phone screen's worth, the next ones on request. */
export const FAMILY_VISITS_PAGE = 10;

/** The client's upcoming or past visits, a page at a time (`X-Total-Count`); every loaded page reloads on a push. */
export function useFamilyVisits(clientId: string, when: FamilyVisitWhen) {
  const path = `/api/family/clients/${clientId}/visits`;
  const query = useInfiniteQuery({
    queryKey: [path, { when }] as const,
    initialPageParam: 0,
    queryFn: ({ pageParam }) =>
      apiGetPage<FamilyVisitView>(withParams(path, { when, limit: FAMILY_VISITS_PAGE, offset: pageParam })),
    getNextPageParam: (last: ListPage<FamilyVisitView>, pages: ListPage<FamilyVisitView>[]) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      return last.items.length > 0 && loaded < last.total ? loaded : undefined;
    },
  });
  const pages = query.data?.pages ?? [];
  return { ...query, items: pages.flatMap((page) => page.items), total: pages.at(-1)?.total };
}
