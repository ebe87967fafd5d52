import type {
  IncidentAnalyticsView,
  IncidentDetailView,
  IncidentSeverity,
  IncidentSummaryView,
  IncidentView,
  AgencyDetailsView,
} from '@care/events';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { apiGet } from '../../shared/api';
import { isUnder } from '../../shared/live';
import { usePagedList, withParams } from '../../shared/paged-list';

/** URL first: the live push's `incidents:changed` reloads every query under it. */
export const INCIDENTS_PATH = '/api/incidents';
export const INCIDENT_TABS = ['overview', 'critical', 'investigating', 'safeguarding', 'analytics'] as const;
export type IncidentTab = (typeof INCIDENT_TABS)[number];

/** The screen's filters, as the read API takes them (and as Generate Report sends them). */
export interface IncidentFilters {
  readonly search: string;
  readonly severity: IncidentSeverity | '';
  readonly type: string;
  readonly status: string;
  readonly overdue: boolean;
  readonly tab: IncidentTab;
}

export function filterParams(filters: IncidentFilters): Record<string, string | undefined> {
  return {
    search: filters.search.trim() || undefined,
    severity: filters.severity || undefined,
    type: filters.type || undefined,
    status: filters.status || undefined,
    overdue: filters.overdue ? 'true' : undefined,
    tab: filters.tab === 'overview' || filters.tab === 'analytics' ? undefined : filters.tab,
  };
}

export const useIncidentList = (filters: IncidentFilters) =>
  usePagedList<IncidentView>(INCIDENTS_PATH, filterParams(filters));

/** The cards follow the search and filters, not the tab (the tabs are views of what the cards count). */
export function useIncidentSummary(filters: IncidentFilters) {
  const params = { ...filterParams(filters), tab: undefined };
  return useQuery({
    queryKey: [`${INCIDENTS_PATH}/summary`, params],
    queryFn: () => apiGet<IncidentSummaryView>(withParams(`${INCIDENTS_PATH}/summary`, params)),
  });
}

export function useIncidentAnalytics(filters: IncidentFilters) {
  const params = { ...filterParams(filters), tab: undefined };
  return useQuery({
    queryKey: [`${INCIDENTS_PATH}/analytics`, params],
    queryFn: () => apiGet<IncidentAnalyticsView>(withParams(`${INCIDENTS_PATH}/analytics`, params)),
  });
}

export const incidentPath = (id: string, action = '') => `${INCIDENTS_PATH}/${encodeURIComponent(id)}${action}`;

export function useIncident(id: string | null) {
  return useQuery({
    queryKey: [id === null ? INCIDENTS_PATH : incidentPath(id)],
    queryFn: () => apiGet<IncidentDetailView>(incidentPath(id!)),
    enabled: id !== null,
  });
}

/** The safeguarding team's contact: one place, the agency settings (an administrator sets it in Admin Panel > Settings). */
export function useSafeguardingContact(enabled = true) {
  return useQuery({
    queryKey: ['/api/settings/agency'],
    queryFn: () => apiGet<AgencyDetailsView>('/api/settings/agency'),
    enabled,
    select: (agency) => agency.safeguardingTeam,
  });
}

/** After an incident command: every incident query reloads (read your writes); the dashboard figures arrive by push. */
export function reloadIncidents(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey: [url] }) => typeof url === 'string' && isUnder(url, INCIDENTS_PATH),
  });
}
