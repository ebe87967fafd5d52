import { APPOINTMENT_STATUSES, VISIT_TYPES, type AppointmentStatus, type VisitType } from '@care/events';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { carerFullName } from '../carers/carer-name';
import { carersQueryOptions } from '../carers/get-carers';
import { clientsQueryOptions } from '../clients/get-clients';
import { enumLabel } from '../../shared/format';
import { FilterBar, periodFields } from '../../shared/filter-bar';
import { RANGE_LABELS, type MonitoringRange } from './monitoring-params';

/** What the bar edits; `status` is narrowed by each screen (visit statuses, or roster statuses too on /manage). */
export interface FilterBarValue {
  readonly range: MonitoringRange;
  readonly from: string;
  readonly to: string;
  readonly carerId: string;
  readonly clientId: string;
  readonly status: string;
  readonly careType: VisitType | '';
  readonly search: string;
}

export interface StatusOption<S extends string> {
  readonly value: S;
  readonly label: string;
  readonly group: string;
}

/** The server is asked once typing pauses, not on every key. */
const SEARCH_DELAY_MS = 300;

interface RecordsFilterBarProps<V extends FilterBarValue> {
  readonly value: V;
  readonly onChange: (next: V) => void;
  readonly ranges: readonly MonitoringRange[];
  readonly statusOptions: readonly StatusOption<V['status']>[];
  /** "Care provided" on monitoring, "Care type" on manage. */
  readonly careTypeLabel: string;
  readonly searchPlaceholder: string;
}

export function visitStatusOptions(labels: Record<AppointmentStatus, string>): StatusOption<AppointmentStatus>[] {
  return APPOINTMENT_STATUSES.map((value) => ({ value, label: labels[value], group: 'Visit status' }));
}

/** Date range, carers, clients, status, care type and search: every change is reported at once (search after a pause). */
export function RecordsFilterBar<V extends FilterBarValue>({
  value,
  onChange,
  ranges,
  statusOptions,
  careTypeLabel,
  searchPlaceholder,
}: RecordsFilterBarProps<V>) {
  const carers = useQuery(carersQueryOptions);
  const clients = useQuery(clientsQueryOptions);
  const [search, setSearch] = useState(value.search);

  useEffect(() => {
    if (search === value.search) return;
    const timer = window.setTimeout(() => onChange({ ...value, search }), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [search, value, onChange]);

  return (
    <FilterBar
      label="Filters"
      fields={[
        ...periodFields(
          value,
          ranges.map((range) => ({ value: range, label: RANGE_LABELS[range] })),
          onChange,
        ),
        {
          kind: 'select',
          key: 'carer',
          label: 'Carer',
          value: value.carerId,
          allLabel: 'All carers',
          options: (carers.data ?? []).map((carer) => ({ value: carer.id, label: carerFullName(carer) })),
          onChange: (carerId: string) => onChange({ ...value, carerId }),
        },
        {
          kind: 'select',
          key: 'client',
          label: 'Client',
          value: value.clientId,
          allLabel: 'All clients',
          options: (clients.data ?? []).map((client) => ({
            value: client.id,
            label: `${client.firstName} ${client.lastName}`,
          })),
          onChange: (clientId: string) => onChange({ ...value, clientId }),
        },
        {
          kind: 'select',
          key: 'status',
          label: 'Status',
          value: value.status,
          allLabel: 'All statuses',
          options: statusOptions,
          onChange: (status: V['status'] | '') => onChange({ ...value, status }),
        },
        {
          kind: 'select',
          key: 'care-type',
          label: careTypeLabel,
          value: value.careType,
          allLabel: 'All care types',
          options: VISIT_TYPES.map((type) => ({ value: type, label: enumLabel(type) })),
          onChange: (careType: VisitType | '') => onChange({ ...value, careType }),
        },
        {
          kind: 'search',
          key: 'search',
          label: 'Search records',
          caption: 'Search',
          className: 'filter-bar-wide',
          placeholder: searchPlaceholder,
          value: search,
          onChange: setSearch,
        },
      ]}
    />
  );
}
