import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { chosenOption, dateFilterValue, FilterBar, periodFields, type FilterField } from './filter-bar';

const ignore = () => undefined;
const render = (fields: readonly (FilterField | false)[], label = 'Filters') =>
  renderToStaticMarkup(createElement(FilterBar, { label, fields }));

describe('FilterBar', () => {
  it('names each control by its label, so a screen reader (and a test) finds "Carer" and "Date range"', () => {
    const html = render([
      {
        kind: 'select',
        key: 'carer',
        id: 'f-carer',
        label: 'Carer',
        value: '',
        allLabel: 'All carers',
        options: [{ value: 'c1', label: 'Tom Rigby' }],
        onChange: ignore,
      },
      { kind: 'date', key: 'from', id: 'f-from', label: 'From', value: '2026-11-02', onChange: ignore },
      {
        kind: 'search',
        key: 'search',
        id: 'f-search',
        label: 'Search records',
        caption: 'Search',
        placeholder: 'Client or carer',
        value: 'edith',
        onChange: ignore,
      },
      { kind: 'toggle', key: 'overdue', label: 'Overdue only', checked: true, onChange: ignore },
    ]);
    expect(html).toContain('<label class="label" for="f-carer">Carer</label><select id="f-carer"');
    expect(html).toContain('<label class="label" for="f-from">From</label>');
    expect(html).toMatch(/id="f-from"[^>]*value="02\/11\/2026"/);
    expect(html).toMatch(/<input id="f-search" type="search"[^>]*aria-label="Search records"[^>]*value="edith"/);
    expect(html).toMatch(
      /<label class="check-option"><input [^>]*type="checkbox"[^>]*checked=""[^>]*\/>Overdue only<\/label>/,
    );
    expect(html).toContain('role="search" aria-label="Filters"');
  });

  it('offers "All" first, then the options under their group headings', () => {
    const html = render([
      {
        kind: 'select',
        key: 'status',
        label: 'Status',
        value: 'missed',
        allLabel: 'All statuses',
        options: [
          { value: 'completed', label: 'Completed', group: 'Visit status' },
          { value: 'missed', label: 'Missed', group: 'Visit status' },
          { value: 'off_rota', label: 'Off rota', group: 'Roster' },
        ],
        onChange: ignore,
      },
    ]);
    expect(html).toMatch(
      /<option value="">All statuses<\/option><optgroup label="Visit status"><option value="completed">Completed<\/option><option value="missed" selected="">Missed<\/option><\/optgroup><optgroup label="Roster"><option value="off_rota">Off rota<\/option><\/optgroup>/,
    );
  });

  it('leaves out fields a screen switches off, and names a compact select without showing its label', () => {
    const html = render([
      false,
      {
        kind: 'select',
        key: 'status',
        label: 'Status',
        hideLabel: true,
        value: 'all',
        options: [{ value: 'all', label: 'All' }],
        onChange: ignore,
      },
    ]);
    expect(html).not.toContain('<label');
    expect(html).toMatch(/<select [^>]*aria-label="Status"/);
    expect(html).not.toContain('value=""');
  });

  it("reports the chosen option as the screen's value, and '' for All or anything else", () => {
    const options = [{ value: 'north' }, { value: 'south' }].map((option) => ({ ...option, label: option.value }));
    expect(chosenOption(options, 'south')).toBe('south');
    expect(chosenOption(options, '')).toBe('');
    expect(chosenOption(options, 'atlantis')).toBe('');
  });

  it('passes whole dates and clearing on, and keeps half-typed text out (or clears, when the screen asks)', () => {
    expect(dateFilterValue('2026-11-02', 'keep')).toBe('2026-11-02');
    expect(dateFilterValue('', 'keep')).toBe('');
    expect(dateFilterValue('02/11/20', 'keep')).toBeUndefined();
    expect(dateFilterValue('02/11/20', 'clear')).toBe('');
  });
});

describe('periodFields', () => {
  type Range = 'week' | 'custom';
  const options = [
    { value: 'week' as const, label: 'This week' },
    { value: 'custom' as const, label: 'Custom range' },
  ];

  it('shows only the Date range for a named range, and From and To, each bounded by the other, for a custom one', () => {
    const week = periodFields<Range, { range: Range; from: string; to: string }>(
      { range: 'week', from: '', to: '' },
      options,
      ignore,
    );
    expect(week.map((field) => field.label)).toEqual(['Date range']);
    const custom = periodFields<Range, { range: Range; from: string; to: string }>(
      { range: 'custom', from: '2026-11-01', to: '2026-11-27' },
      options,
      ignore,
    );
    expect(custom.map((field) => [field.label, field.kind === 'date' ? [field.min, field.max] : null])).toEqual([
      ['Date range', null],
      ['From', [undefined, '2026-11-27']],
      ['To', ['2026-11-01', undefined]],
    ]);
  });

  it('hands back the whole value with the one part changed, and ignores an empty choice of range', () => {
    const seen: unknown[] = [];
    const value = { range: 'custom' as Range, from: '2026-11-01', to: '2026-11-27', carer: 'c1' };
    const [range, from] = periodFields(value, options, (next) => seen.push(next));
    if (range?.kind !== 'select' || from?.kind !== 'date') throw new Error('unexpected fields');
    range.onChange('');
    range.onChange('week');
    from.onChange('2026-11-02');
    expect(seen).toEqual([
      { ...value, range: 'week' },
      { ...value, from: '2026-11-02' },
    ]);
  });
});
