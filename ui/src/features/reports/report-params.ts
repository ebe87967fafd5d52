import { REPORT_RANGES, type Region, type ReportRange } from '@care/events';

/** What the filter bar edits; blank strings mean "all". */
export interface ReportFilters {
  readonly range: ReportRange;
  readonly from: string;
  readonly to: string;
  readonly region: Region | '';
  readonly carerId: string;
}

export const DEFAULT_REPORT_FILTERS: ReportFilters = { range: '30d', from: '', to: '', region: '', carerId: '' };

/** A custom range is asked for only once both ends are chosen and in order. */
export function filtersComplete(filters: ReportFilters): boolean {
  return filters.range !== 'custom' || (filters.from !== '' && filters.to !== '' && filters.from <= filters.to);
}

export function reportQueryString(filters: ReportFilters): string {
  const params = new URLSearchParams({ range: filters.range });
  if (filters.range === 'custom') {
    params.set('from', filters.from);
    params.set('to', filters.to);
  }
  if (filters.region) params.set('region', filters.region);
  if (filters.carerId) params.set('carerId', filters.carerId);
  return params.toString();
}

export const REPORT_TABS = ['overview', 'performance', 'compliance', 'quality', 'operational'] as const;
export type ReportTab = (typeof REPORT_TABS)[number];
export const isReportRange = (value: string): value is ReportRange =>
  (REPORT_RANGES as readonly string[]).includes(value);
