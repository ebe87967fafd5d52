import { queryOptions } from '@tanstack/react-query';
import type {
  ReportCompliance,
  ReportOperational,
  ReportOverview,
  ReportPerformance,
  ReportQuality,
} from '@care/events';
import { apiGet } from '../../shared/api';
import { reportQueryString, type ReportFilters } from './report-params';

/** Every report query's key starts with its URL, so the `reports:changed` push and Refresh Data reload them all. */
function reportQuery<T>(tab: string, filters: ReportFilters) {
  const url = `/api/reports/${tab}?${reportQueryString(filters)}`;
  return queryOptions({ queryKey: [url], queryFn: () => apiGet<T>(url) });
}

export const overviewQuery = (filters: ReportFilters) => reportQuery<ReportOverview>('overview', filters);
export const performanceQuery = (filters: ReportFilters) => reportQuery<ReportPerformance>('performance', filters);
export const complianceQuery = (filters: ReportFilters) => reportQuery<ReportCompliance>('compliance', filters);
export const qualityQuery = (filters: ReportFilters) => reportQuery<ReportQuality>('quality', filters);
export const operationalQuery = (filters: ReportFilters) => reportQuery<ReportOperational>('operational', filters);
