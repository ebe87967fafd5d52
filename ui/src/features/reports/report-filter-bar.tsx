import { REGIONS, REPORT_RANGE_LABELS, REPORT_RANGES, type Region } from '@care/events';
import { useQuery } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { carerFullName } from '../../records/carers/carer-name';
import { carersQueryOptions } from '../../records/carers/get-carers';
import { FilterBar, periodFields } from '../../shared/filter-bar';
import { capitalize } from '../../shared/format';
import type { ReportFilters } from './report-params';

/** Date range (presets and custom), region and carer; Refresh Data reloads every figure. */
export function ReportFilterBar({
  value,
  onChange,
  onRefresh,
  refreshing,
}: {
  value: ReportFilters;
  onChange: (next: ReportFilters) => void;
  onRefresh: () => void;
  refreshing: boolean;
}) {
  const carers = useQuery(carersQueryOptions);
  return (
    <FilterBar
      label="Report filters"
      fields={[
        ...periodFields(
          value,
          REPORT_RANGES.map((range) => ({ value: range, label: REPORT_RANGE_LABELS[range] })),
          onChange,
        ),
        {
          kind: 'select',
          key: 'region',
          label: 'Region',
          value: value.region,
          allLabel: 'All regions',
          options: REGIONS.map((region) => ({ value: region, label: capitalize(region) })),
          onChange: (region: Region | '') => onChange({ ...value, region }),
        },
        {
          kind: 'select',
          key: 'carer',
          label: 'Carer',
          value: value.carerId,
          allLabel: 'All carers',
          options: (carers.data ?? []).map((carer) => ({ value: carer.id, label: carerFullName(carer) })),
          onChange: (carerId: string) => onChange({ ...value, carerId }),
        },
      ]}
    >
      <div className="filter-bar-field report-filter-action">
        <button type="button" className="button button-secondary" onClick={onRefresh} disabled={refreshing}>
          <RefreshCw size={16} aria-hidden className={refreshing ? 'spin' : undefined} />
          Refresh Data
        </button>
      </div>
    </FilterBar>
  );
}
