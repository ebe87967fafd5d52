import { APPOINTMENT_STATUSES, VISIT_TYPES, type AppointmentStatus, type VisitType } from '@care/events';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { carerFullName } from '../carers/carer-name';
import { carersQueryOptions } from '../carers/get-carers';
import { clientsQueryOptions } from '../clients/get-clients';
import { enumLabel } from '../../shared/format';
import { SearchBox } from '../../shared/list-states';
import { RANGE_LABELS, type MonitoringRange } from './monitoring-params';
import { DateInput, isIsoDate } from '../../shared/date-fields/date-input';

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
  const id = useId();
  const carers = useQuery(carersQueryOptions);
  const clients = useQuery(clientsQueryOptions);
  const [search, setSearch] = useState(value.search);

  useEffect(() => {
    if (search === value.search) return;
    const timer = window.setTimeout(() => onChange({ ...value, search }), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [search, value, onChange]);

  const groups = [...new Set(statusOptions.map((option) => option.group))];
  const onStatus = (selected: string) => {
    const option = statusOptions.find((candidate) => candidate.value === selected);
    onChange({ ...value, status: option ? option.value : '' });
  };
  const onRange = (selected: string) => {
    const range = ranges.find((candidate) => candidate === selected);
    if (range) onChange({ ...value, range });
  };
  const onCareType = (selected: string) => {
    const careType = VISIT_TYPES.find((candidate) => candidate === selected);
    onChange({ ...value, careType: careType ?? '' });
  };

  return (
    <div className="card records-filter-bar" role="search" aria-label="Filters">
      <div className="records-filter">
        <label className="label" htmlFor={`${id}-range`}>
          Date range
        </label>
        <select id={`${id}-range`} className="input" value={value.range} onChange={(event) => onRange(event.target.value)}>
          {ranges.map((range) => (
            <option key={range} value={range}>
              {RANGE_LABELS[range]}
            </option>
          ))}
        </select>
      </div>
      {value.range === 'custom' && (
        <>
          <div className="records-filter">
            <label className="label" htmlFor={`${id}-from`}>
              From
            </label>
            <DateInput id={`${id}-from`} value={value.from} max={value.to || undefined} onChange={(event) => (event.target.value === '' || isIsoDate(event.target.value)) && onChange({ ...value, from: event.target.value })} />
          </div>
          <div className="records-filter">
            <label className="label" htmlFor={`${id}-to`}>
              To
            </label>
            <DateInput id={`${id}-to`} value={value.to} min={value.from || undefined} onChange={(event) => (event.target.value === '' || isIsoDate(event.target.value)) && onChange({ ...value, to: event.target.value })} />
          </div>
        </>
      )}
      <div className="records-filter">
        <label className="label" htmlFor={`${id}-carer`}>
          Carer
        </label>
        <select id={`${id}-carer`} className="input" value={value.carerId} onChange={(event) => onChange({ ...value, carerId: event.target.value })}>
          <option value="">All carers</option>
          {(carers.data ?? []).map((carer) => (
            <option key={carer.id} value={carer.id}>
              {carerFullName(carer)}
            </option>
          ))}
        </select>
      </div>
      <div className="records-filter">
        <label className="label" htmlFor={`${id}-client`}>
          Client
        </label>
        <select id={`${id}-client`} className="input" value={value.clientId} onChange={(event) => onChange({ ...value, clientId: event.target.value })}>
          <option value="">All clients</option>
          {(clients.data ?? []).map((client) => (
            <option key={client.id} value={client.id}>
              {client.firstName} {client.lastName}
            </option>
          ))}
        </select>
      </div>
      <div className="records-filter">
        <label className="label" htmlFor={`${id}-status`}>
          Status
        </label>
        <select id={`${id}-status`} className="input" value={value.status} onChange={(event) => onStatus(event.target.value)}>
          <option value="">All statuses</option>
          {groups.map((group) => (
            <optgroup key={group} label={group}>
              {statusOptions
                .filter((option) => option.group === group)
                .map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
            </optgroup>
          ))}
        </select>
      </div>
      <div className="records-filter">
        <label className="label" htmlFor={`${id}-care-type`}>
          {careTypeLabel}
        </label>
        <select id={`${id}-care-type`} className="input" value={value.careType} onChange={(event) => onCareType(event.target.value)}>
          <option value="">All care types</option>
          {VISIT_TYPES.map((type) => (
            <option key={type} value={type}>
              {enumLabel(type)}
            </option>
          ))}
        </select>
      </div>
      <div className="records-filter records-filter-search">
        <span className="label" aria-hidden>
          Search
        </span>
        <SearchBox label="Search records" placeholder={searchPlaceholder} value={search} onChange={setSearch} />
      </div>
    </div>
  );
}
