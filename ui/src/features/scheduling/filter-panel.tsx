import { VISIT_TYPES, type CarerView, type VisitType } from '@care/events';
import { FilterBar } from '../../shared/filter-bar';
import { capitalize, humanize } from '../../shared/format';
import { carerDisplayName } from './get-carers';
import { NO_FILTER, type RotaFilter } from './rota-filter';

/** The Filter button's panel: narrows the rota to one carer and/or one visit type. */
export function FilterPanel({
  carers,
  filter,
  onChange,
}: {
  carers: readonly CarerView[];
  filter: RotaFilter;
  onChange: (next: RotaFilter) => void;
}) {
  const sorted = [...carers].sort((a, b) => carerDisplayName(a).localeCompare(carerDisplayName(b)));
  return (
    <FilterBar
      label="Filter the rota"
      role="group"
      fields={[
        {
          kind: 'select',
          key: 'carer',
          label: 'Carer',
          value: filter.carerId,
          allLabel: 'All carers',
          options: sorted.map((carer) => ({ value: carer.id, label: carerDisplayName(carer) })),
          onChange: (carerId: string) => onChange({ ...filter, carerId }),
        },
        {
          kind: 'select',
          key: 'type',
          label: 'Visit type',
          value: filter.visitType,
          allLabel: 'All visit types',
          options: VISIT_TYPES.map((type) => ({ value: type, label: capitalize(humanize(type)) })),
          onChange: (visitType: VisitType | '') => onChange({ ...filter, visitType }),
        },
      ]}
    >
      <button type="button" className="button button-secondary" onClick={() => onChange(NO_FILTER)}>
        Clear filters
      </button>
    </FilterBar>
  );
}
