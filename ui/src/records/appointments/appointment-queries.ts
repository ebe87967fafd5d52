import type {
  AppointmentCountView,
  AppointmentDayFigures,
  AppointmentStatus,
  AppointmentSummaryView,
  AppointmentView,
  VisitType,
} from '@care/events';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiGet, apiGetEveryPage } from '../../shared/api';

export const APPOINTMENTS_PATH = '/api/appointments';
export const MONITORING_PATH = '/api/monitoring';

/** GET /api/appointments filters (London calendar dates, inclusive). */
export interface AppointmentListParams {
  readonly today?: boolean;
  readonly date?: string;
  readonly from?: string;
  readonly to?: string;
  readonly carerId?: string;
  readonly clientId?: string;
  readonly status?: AppointmentStatus;
  readonly careType?: VisitType;
  readonly unassigned?: boolean;
  /** With `today`: also yesterday's visits still running after midnight. */
  readonly underway?: boolean;
  readonly search?: string;
  readonly limit?: number;
  readonly offset?: number;
}

/** A path with its query string, parameters in a fixed order and blanks left out (the path is the query key). */
export function withQuery(
  path: string,
  params: Readonly<Record<string, string | number | boolean | undefined>>,
): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === '' || value === false) continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text === '' ? path : `${path}?${text}`;
}

export function appointmentsUrl(params: AppointmentListParams = {}): string {
  return withQuery(APPOINTMENTS_PATH, { ...params });
}

/**
 * GET /api/appointments: nested client and carer names. With a `limit`, that one page
 * (the dashboard's five most recent); without, every matching visit, page by page (a day or a week whole).
 */
export function appointmentsQueryOptions(params: AppointmentListParams = {}) {
  const url = appointmentsUrl(params);
  const whole = params.limit === undefined;
  return queryOptions({
    queryKey: [url] as const,
    queryFn: () => (whole ? apiGetEveryPage<AppointmentView>(url) : apiGet<AppointmentView[]>(url)),
  });
}

/** GET /api/appointments/today/count: the mobile Schedule badge. */
export const todayCountQueryOptions = queryOptions({
  queryKey: [`${APPOINTMENTS_PATH}/today/count`] as const,
  queryFn: () => apiGet<AppointmentCountView>(`${APPOINTMENTS_PATH}/today/count`),
});

/** GET /api/appointments/summary for one day or a range (and the list's filters): the computed cards. */
export function appointmentSummaryQueryOptions(params: Omit<AppointmentListParams, 'limit' | 'offset'>) {
  const url = withQuery(`${APPOINTMENTS_PATH}/summary`, { ...params });
  return queryOptions({ queryKey: [url] as const, queryFn: () => apiGet<AppointmentSummaryView>(url) });
}

/** GET /api/appointments/analytics: one row per day. */
export function appointmentAnalyticsQueryOptions(range: { from: string; to: string }) {
  const url = withQuery(`${APPOINTMENTS_PATH}/analytics`, range);
  return queryOptions({ queryKey: [url] as const, queryFn: () => apiGet<AppointmentDayFigures[]>(url) });
}

/** After a command: every appointment list, count and summary, and the monitoring records built from them. */
export async function reloadAppointments(queryClient: QueryClient): Promise<void> {
  const under = (prefix: string) => ({
    predicate: (query: { queryKey: readonly unknown[] }) =>
      typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith(prefix),
  });
  await Promise.all([
    queryClient.invalidateQueries(under(APPOINTMENTS_PATH)),
    queryClient.invalidateQueries(under(MONITORING_PATH)),
  ]);
}
