import { type AppointmentStatus, type MonitoringPageView, type MonitoringRange, type VisitType } from '@care/events';

export type { MonitoringRange };
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { MONITORING_PATH, withQuery } from '../appointments/appointment-queries';
import { apiGet } from '../../shared/api';

/** The monitoring screen offers today, yesterday, last 7 days, 30 days, 3 months and custom. */
export const RANGE_LABELS: Record<MonitoringRange, string> = {
  today: 'Today',
  yesterday: 'Yesterday',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '3m': 'Last 3 months',
  custom: 'Custom',
};

/** The columns the server sorts by (GET /api/monitoring `sort`). */
export const MONITORING_SORTS = ['date', 'client', 'carer', 'status', 'punctuality', 'duration'] as const;
export type MonitoringSort = (typeof MONITORING_SORTS)[number];
export const isMonitoringSort = (value: string): value is MonitoringSort =>
  (MONITORING_SORTS as readonly string[]).includes(value);

/** The monitoring labels (Completed, In progress, Cancelled, No show), plus Scheduled and Missed. */
export const STATUS_LABELS: Record<AppointmentStatus, string> = {
  scheduled: 'Scheduled',
  in_progress: 'In progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
  no_show: 'No show',
  missed: 'Missed',
};

export const MONITORING_PAGE_SIZE = 25;

/** The filter bar's values: blank means "all". */
export interface MonitoringFilters {
  readonly range: MonitoringRange;
  /** London dates, used only with the custom range. */
  readonly from: string;
  readonly to: string;
  readonly carerId: string;
  readonly clientId: string;
  readonly status: AppointmentStatus | '';
  readonly careType: VisitType | '';
  readonly search: string;
}

export const DEFAULT_MONITORING_FILTERS: MonitoringFilters = {
  range: '7d',
  from: '',
  to: '',
  carerId: '',
  clientId: '',
  status: '',
  careType: '',
  search: '',
};

export interface MonitoringPaging {
  readonly sort: MonitoringSort;
  readonly direction: 'asc' | 'desc';
  readonly offset: number;
}

export const FIRST_PAGE: MonitoringPaging = { sort: 'date', direction: 'desc', offset: 0 };

/** A custom range needs both dates before anything is asked of the server. */
export function filtersComplete(filters: MonitoringFilters): boolean {
  return filters.range !== 'custom' || (filters.from !== '' && filters.to !== '');
}

function filterParams(filters: MonitoringFilters) {
  const custom = filters.range === 'custom';
  return {
    range: filters.range,
    from: custom ? filters.from : undefined,
    to: custom ? filters.to : undefined,
    carerId: filters.carerId,
    clientId: filters.clientId,
    status: filters.status,
    careType: filters.careType,
    search: filters.search.trim(),
  };
}

/** GET /api/monitoring for one page: every filter, the sort and the page go to the server. */
export function monitoringUrl(
  filters: MonitoringFilters,
  paging: MonitoringPaging,
  limit = MONITORING_PAGE_SIZE,
): string {
  return withQuery(MONITORING_PATH, {
    ...filterParams(filters),
    sort: paging.sort,
    direction: paging.direction,
    limit,
    offset: paging.offset,
  });
}

/** GET /api/monitoring/export.csv: every row matching the filters, not one page. */
export function monitoringExportUrl(
  filters: MonitoringFilters,
  paging: Pick<MonitoringPaging, 'sort' | 'direction'>,
): string {
  return withQuery(`${MONITORING_PATH}/export.csv`, {
    ...filterParams(filters),
    sort: paging.sort,
    direction: paging.direction,
  });
}

/** The URL is the query key, so the live `monitoring:changed` push reloads it. The previous page stays while the next loads. */
export function monitoringQueryOptions(
  filters: MonitoringFilters,
  paging: MonitoringPaging,
  limit = MONITORING_PAGE_SIZE,
) {
  const url = monitoringUrl(filters, paging, limit);
  return queryOptions({
    queryKey: [url] as const,
    queryFn: () => apiGet<MonitoringPageView>(url),
    enabled: filtersComplete(filters),
    placeholderData: keepPreviousData,
  });
}
