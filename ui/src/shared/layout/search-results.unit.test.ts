import { describe, expect, it } from 'vitest';
import type { SearchGroupView } from '@care/events';
import { flatHits, hitTarget, stepActive } from './search-results';

const groups: SearchGroupView[] = [
  {
    kind: 'users',
    label: 'Users',
    total: 1,
    hits: [{ id: 'u1', title: 'Ann Archer', detail: 'ann@example.org · Carer', key: 'ann@example.org' }],
  },
  { kind: 'carers', label: 'Carers', total: 0, hits: [] },
  {
    kind: 'clients',
    label: 'Clients',
    total: 7,
    hits: [
      { id: 'c1', title: 'Edith Green', detail: 'CL-0001 · Leeds', key: 'CL-0001' },
      { id: 'c2', title: 'Edna Gray', detail: 'CL-0002 · York', key: 'CL-0002' },
    ],
  },
];

describe('the header search results', () => {
  it('walks every group in order, skipping empty ones', () => {
    expect(flatHits(groups, 's').map((hit) => hit.optionId)).toEqual(['s-users-u1', 's-clients-c1', 's-clients-c2']);
  });

  it('moves with the arrow keys and wraps round at either end', () => {
    expect(stepActive(-1, 3, 'ArrowDown')).toBe(0);
    expect(stepActive(0, 3, 'ArrowDown')).toBe(1);
    expect(stepActive(2, 3, 'ArrowDown')).toBe(0);
    expect(stepActive(-1, 3, 'ArrowUp')).toBe(2);
    expect(stepActive(0, 3, 'ArrowUp')).toBe(2);
    expect(stepActive(-1, 0, 'ArrowDown')).toBe(-1);
  });

  it('opens a carer or client on its own screen searched for its unique ID, an account in User Management', () => {
    expect(hitTarget('clients', groups[2]!.hits[0]!)).toEqual({ to: '/clients', search: { search: 'CL-0001' } });
    expect(hitTarget('users', groups[0]!.hits[0]!)).toEqual({ to: '/admin', search: {} });
  });
});
