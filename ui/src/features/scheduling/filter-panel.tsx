import { VISIT_TYPES, type CarerView } from '@care/events';
import { useId } from 'react';
import { capitalize, humanize } from '../../shared/format';
import { SelectOptions } from '../../shared/select-options';
import { carerDisplayName } from './get-carers';
import { NO_FILTER, type RotaFilter } from './rota-filter';

/** The Filter button's panel: narrows the rota to one carer and/or one visit type. */
export function FilterPanel({ carers, filter, onChange }: { carers: readonly CarerView[]; filter: RotaFilter; onChange: (next: RotaFilter) => void }) {
  const id = useId();
  const sorted = [...carers].sort((a, b) => carerDisplayName(a).localeCompare(carerDisplayName(b)));
  return (
    <div className="card rota-filter" role="group" aria-label="Filter the rota">
      <div className="field">
        <label className="label" htmlFor={`${id}-carer`}>
          Carer
        </label>
        <select
          id={`${id}-carer`}
          className="input"
          value={filter.carerId}
          onChange={(event) => onChange({ ...filter, carerId: event.target.value })}
        >
          <option value="">All carers</option>
          {sorted.map((carer) => (
            <option key={carer.id} value={carer.id}>
              {carerDisplayName(carer)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="label" htmlFor={`${id}-type`}>
          Visit type
        </label>
        <select
          id={`${id}-type`}
          className="input"
          value={filter.visitType}
          onChange={(event) => onChange({ ...filter, visitType: event.target.value as RotaFilter['visitType'] })}
        >
          <SelectOptions values={VISIT_TYPES} label={(type) => capitalize(humanize(type))} placeholder="All visit types" />
        </select>
      </div>
      <button type="button" className="button button-secondary" onClick={() => onChange(NO_FILTER)}>
        Clear filters
      </button>
    </div>
  );
}
