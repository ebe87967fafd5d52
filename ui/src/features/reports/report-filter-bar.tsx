import { REGIONS, REPORT_RANGE_LABELS, REPORT_RANGES } from '@care/events';
import { useQuery } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useId } from 'react';
import { carerFullName } from '../../records/carers/carer-name';
import { carersQueryOptions } from '../../records/carers/get-carers';
import { DateInput, isIsoDate } from '../../shared/date-fields/date-input';
import { capitalize } from '../../shared/format';
import { isReportRange, type ReportFilters } from './report-params';

/** Date range (presets and custom), region and carer; Refresh Data reloads every figure. */
export function ReportFilterBar({ value, onChange, onRefresh, refreshing }: { value: ReportFilters; onChange: (next: ReportFilters) => void; onRefresh: () => void; refreshing: boolean }) {
  const id = useId();
  const carers = useQuery(carersQueryOptions);
  const regionOf = (selected: string) => REGIONS.find((region) => region === selected) ?? '';
  return (
    <div className="card report-filter-bar" role="search" aria-label="Report filters">
      <div className="report-filter">
        <label className="label" htmlFor={`${id}-range`}>
          Date range
        </label>
        <select
          id={`${id}-range`}
          className="input"
          value={value.range}
          onChange={(event) => {
            if (isReportRange(event.target.value)) onChange({ ...value, range: event.target.value });
          }}
        >
          {REPORT_RANGES.map((range) => (
            <option key={range} value={range}>
              {REPORT_RANGE_LABELS[range]}
            </option>
          ))}
        </select>
      </div>
      {value.range === 'custom' && (
        <>
          <div className="report-filter">
            <label className="label" htmlFor={`${id}-from`}>
              From
            </label>
            <DateInput id={`${id}-from`} value={value.from} max={value.to || undefined} onChange={(event) => (event.target.value === '' || isIsoDate(event.target.value)) && onChange({ ...value, from: event.target.value })} />
          </div>
          <div className="report-filter">
            <label className="label" htmlFor={`${id}-to`}>
              To
            </label>
            <DateInput id={`${id}-to`} value={value.to} min={value.from || undefined} onChange={(event) => (event.target.value === '' || isIsoDate(event.target.value)) && onChange({ ...value, to: event.target.value })} />
          </div>
        </>
      )}
      <div className="report-filter">
        <label className="label" htmlFor={`${id}-region`}>
          Region
        </label>
        <select id={`${id}-region`} className="input" value={value.region} onChange={(event) => onChange({ ...value, region: regionOf(event.target.value) })}>
          <option value="">All regions</option>
          {REGIONS.map((region) => (
            <option key={region} value={region}>
              {capitalize(region)}
            </option>
          ))}
        </select>
      </div>
      <div className="report-filter">
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
      <div className="report-filter report-filter-action">
        <button type="button" className="button button-secondary" onClick={onRefresh} disabled={refreshing}>
          <RefreshCw size={16} aria-hidden className={refreshing ? 'spin' : undefined} />
          Refresh Data
        </button>
      </div>
    </div>
  );
}
