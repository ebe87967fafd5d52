import { monitoringRange, type AppointmentStatus, type FixedRange, type VisitType } from '@care/events';
import { STATUS_LABELS, type MonitoringFilters } from '../../records/visit-records/monitoring-params';
import {
  visitStatusOptions,
  type FilterBarValue,
  type StatusOption,
} from '../../records/visit-records/records-filter-bar';

/** The rosters' status filter: carers and clients are active or inactive (nothing records leave yet). */
export type RosterStatus = 'active' | 'inactive';
export type ManageStatus = AppointmentStatus | RosterStatus;

export interface ManageFilters extends FilterBarValue {
  readonly range: FixedRange;
  readonly status: ManageStatus | '';
  readonly careType: VisitType | '';
}

export const DEFAULT_MANAGE_FILTERS: ManageFilters = {
  range: '7d',
  from: '',
  to: '',
  carerId: '',
  clientId: '',
  status: '',
  careType: '',
  search: '',
};

export const MANAGE_STATUS_OPTIONS: readonly StatusOption<ManageStatus>[] = [
  ...visitStatusOptions(STATUS_LABELS),
  { value: 'active', label: 'Active', group: 'Roster status' },
  { value: 'inactive', label: 'Inactive', group: 'Roster status' },
];

export function isRosterStatus(status: ManageFilters['status']): status is RosterStatus {
  return status === 'active' || status === 'inactive';
}

/** The visit filters of the shared bar, as the monitoring records take them (a roster status filters no visit). */
export function visitFilters(filters: ManageFilters, today: string): MonitoringFilters {
  const { from, to } = monitoringRange(filters.range, today);
  return {
    range: 'custom',
    from,
    to,
    carerId: filters.carerId,
    clientId: filters.clientId,
    status: filters.status === '' || isRosterStatus(filters.status) ? '' : filters.status,
    careType: filters.careType,
    search: filters.search,
  };
}

/** Case-insensitive "contains" of the search box over some texts. */
export function matchesSearch(search: string, ...texts: (string | null | undefined)[]): boolean {
  const needle = search.trim().toLocaleLowerCase('en-GB');
  return needle === '' || texts.some((text) => (text ?? '').toLocaleLowerCase('en-GB').includes(needle));
}
