import { Fragment, useId, type ReactNode } from 'react';
import { DateInput, isIsoDate } from './date-fields/date-input';
import { SearchBox } from './list-states';
import './filter-bar.css';

/** One choice of a select; options sharing a `group` are shown under that heading. */
export interface FilterOption<V extends string = string> {
  readonly value: V;
  readonly label: string;
  readonly group?: string;
}

interface FieldBase {
  /** Tells the fields apart; also the end of the control's id unless `id` is given. */
  readonly key: string;
  /** The control's accessible name; what tests and screen readers find it by. */
  readonly label: string;
  /** Fixed id for the control (default: unique per bar, ending in `key`). */
  readonly id?: string;
  /** Extra class on the field's wrapper (e.g. a wider search box). */
  readonly className?: string;
  /** Extra class on the control itself. */
  readonly inputClassName?: string;
}

/** Free text; the caller decides when to ask the server (e.g. after a pause in typing). */
export interface SearchFilter extends FieldBase {
  readonly kind: 'search';
  readonly value: string;
  readonly placeholder: string;
  /** A short caption shown over the box (the box is named by `label`). */
  readonly caption?: string;
  onChange(value: string): void;
}

/**
 * A choice among options. `onChange` is only called with '' or one of the options' values, so a screen's narrow
 * type (a status, a region) comes back unwidened; it is declared as a method so such a field fits in a list of
 * fields.
 */
export interface SelectFilter<V extends string = string> extends FieldBase {
  readonly kind: 'select';
  readonly value: V | '';
  readonly options: readonly FilterOption<V>[];
  /** The first, empty choice ("All carers"); leave out when every choice is an option. */
  readonly allLabel?: string;
  /** Named by `label` without showing it (a compact row beside a search box). */
  readonly hideLabel?: boolean;
  onChange(value: V | ''): void;
}

/** A London calendar day typed dd/mm/yyyy; `onChange` gets '' or an ISO date, never half-typed text. */
export interface DateFilter extends FieldBase {
  readonly kind: 'date';
  readonly value: string;
  readonly min?: string | undefined;
  readonly max?: string | undefined;
  /** What half-typed text does: keep the last whole date (default), or clear the filter until the date is whole. */
  readonly whileTyping?: 'keep' | 'clear';
  onChange(value: string): void;
}

/** A yes/no filter shown as a labelled checkbox. */
export interface ToggleFilter extends FieldBase {
  readonly kind: 'toggle';
  readonly checked: boolean;
  onChange(checked: boolean): void;
}

export type FilterField = SearchFilter | SelectFilter | DateFilter | ToggleFilter;

/** The option a select now shows, as the screen's own type; '' for the empty "All" choice or anything unknown. */
export function chosenOption<V extends string>(options: readonly FilterOption<V>[], selected: string): V | '' {
  return options.find((option) => option.value === selected)?.value ?? '';
}

/** What a date filter becomes after an edit: a whole ISO date or '' as typed; half-typed text is kept out. */
export function dateFilterValue(text: string, whileTyping: 'keep' | 'clear'): string | undefined {
  if (text === '' || isIsoDate(text)) return text;
  return whileTyping === 'clear' ? '' : undefined;
}

interface FilterBarProps {
  /** The bar's accessible name ("Filters", "Report filters"). */
  readonly label: string;
  readonly fields: readonly (FilterField | false | undefined)[];
  /** `search` for a bar that narrows a list; `group` for extra filters under another bar. */
  readonly role?: 'search' | 'group';
  /** `grid` lays labelled fields out in columns on a card; `row` keeps them on one toolbar line. */
  readonly layout?: 'grid' | 'row';
  readonly className?: string;
  /** Anything after the fields, such as a Refresh button. */
  readonly children?: ReactNode;
}

/** A period filter's value: a named range, and the From and To days when the range is 'custom'. */
export interface PeriodValue<R extends string> {
  readonly range: R;
  readonly from: string;
  readonly to: string;
}

/**
 * The Date range select and, for a custom range, its From and To days (each bounded by the other): the same three
 * fields on every screen that filters by period.
 */
export function periodFields<R extends string, T extends PeriodValue<R>>(
  value: T,
  options: readonly FilterOption<R>[],
  onChange: (next: T) => void,
): FilterField[] {
  const range: SelectFilter<R> = {
    kind: 'select',
    key: 'range',
    label: 'Date range',
    value: value.range,
    options,
    onChange: (chosen: R | '') => {
      if (chosen) onChange({ ...value, range: chosen });
    },
  };
  if (value.range !== 'custom') return [range];
  return [
    range,
    {
      kind: 'date',
      key: 'from',
      label: 'From',
      value: value.from,
      max: value.to,
      onChange: (from: string) => onChange({ ...value, from }),
    },
    {
      kind: 'date',
      key: 'to',
      label: 'To',
      value: value.to,
      min: value.from,
      onChange: (to: string) => onChange({ ...value, to }),
    },
  ];
}

/** The filter bar of the list screens: search text, selects, dates and toggles, each labelled the same way. */
export function FilterBar({ label, fields, role = 'search', layout = 'grid', className, children }: FilterBarProps) {
  const barId = useId();
  const base = layout === 'grid' ? 'card filter-bar' : 'toolbar';
  return (
    <div className={className ? `${base} ${className}` : base} role={role} aria-label={label}>
      {fields.map(
        (field) => field && <FilterControl key={field.key} field={field} id={field.id ?? `${barId}-${field.key}`} />,
      )}
      {children}
    </div>
  );
}

function FilterControl({ field, id }: { field: FilterField; id: string }) {
  const wrapper = field.className ? `filter-bar-field ${field.className}` : 'filter-bar-field';
  const inputClass = field.inputClassName ? `input ${field.inputClassName}` : 'input';
  switch (field.kind) {
    case 'search': {
      const box = (
        <SearchBox
          id={id}
          label={field.label}
          placeholder={field.placeholder}
          value={field.value}
          onChange={(next) => field.onChange(next)}
        />
      );
      // Without a caption the box sits straight in the row, where it takes the room left by the other fields.
      if (field.caption === undefined) return box;
      return (
        <div className={wrapper}>
          <span className="label" aria-hidden>
            {field.caption}
          </span>
          {box}
        </div>
      );
    }
    case 'select': {
      const select = (
        <select
          id={id}
          className={inputClass}
          aria-label={field.hideLabel ? field.label : undefined}
          value={field.value}
          onChange={(event) => field.onChange(chosenOption(field.options, event.target.value))}
        >
          {field.allLabel !== undefined && <option value="">{field.allLabel}</option>}
          <SelectChoices options={field.options} />
        </select>
      );
      if (field.hideLabel) return select;
      return (
        <div className={wrapper}>
          <label className="label" htmlFor={id}>
            {field.label}
          </label>
          {select}
        </div>
      );
    }
    case 'date':
      return (
        <div className={wrapper}>
          <label className="label" htmlFor={id}>
            {field.label}
          </label>
          <DateInput
            id={id}
            className={inputClass}
            value={field.value}
            min={field.min || undefined}
            max={field.max || undefined}
            onChange={(event) => {
              const next = dateFilterValue(event.target.value, field.whileTyping ?? 'keep');
              if (next !== undefined) field.onChange(next);
            }}
          />
        </div>
      );
    case 'toggle':
      return (
        <label className={field.className ? `check-option ${field.className}` : 'check-option'}>
          <input
            id={id}
            type="checkbox"
            className={field.inputClassName}
            checked={field.checked}
            onChange={(event) => field.onChange(event.target.checked)}
          />
          {field.label}
        </label>
      );
  }
}

/** The options, under their group headings when they have any. */
function SelectChoices({ options }: { options: readonly FilterOption[] }) {
  const groups = [...new Set(options.map((option) => option.group))];
  const list = (within: readonly FilterOption[]) =>
    within.map((option) => (
      <option key={option.value} value={option.value}>
        {option.label}
      </option>
    ));
  if (groups.length === 1 && groups[0] === undefined) return <>{list(options)}</>;
  return (
    <>
      {groups.map((group) =>
        group === undefined ? (
          <Fragment key="">{list(options.filter((option) => option.group === undefined))}</Fragment>
        ) : (
          <optgroup key={group} label={group}>
            {list(options.filter((option) => option.group === group))}
          </optgroup>
        ),
      )}
    </>
  );
}
