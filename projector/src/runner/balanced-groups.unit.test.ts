import { describe, expect, it } from 'vitest';
import { START_POSITION } from '@care/events';
import type { Projection } from '../projection';
import { balancedGroups, type Member } from './apply-to-members';

const member = (name: string): Member => ({
  projection: { name } as Projection,
  schema: 'read_model',
  rebuildVersion: undefined,
  checkpoint: START_POSITION,
  saved: START_POSITION,
  stalled: undefined,
  rebuildEvents: 0,
});
const names = (groups: Member[][]) => groups.map((group) => group.map((m) => m.projection.name));

describe('catch-up groups', () => {
  it('given the time each projection took on the last batch, when split in two, then the slowest goes alone and the rest share the other', () => {
    const [appointments, reports, diary, users] = ['appointments', 'reports', 'diary', 'users'].map(member) as [
      Member,
      Member,
      Member,
      Member,
    ];
    const costs = new WeakMap([
      [appointments, 300],
      [reports, 120],
      [diary, 90],
      [users, 40],
    ]);
    expect(names(balancedGroups([users, diary, appointments, reports], 2, costs))).toEqual([
      ['appointments'],
      ['reports', 'diary', 'users'],
    ]);
  });

  it('given no timings yet, when split, then the projections are spread evenly', () => {
    const members = ['a', 'b', 'c', 'd', 'e'].map(member);
    expect(balancedGroups(members, 2, new WeakMap()).map((group) => group.length)).toEqual([3, 2]);
  });

  it('never makes an empty group, and keeps every projection exactly once', () => {
    const members = ['only'].map(member);
    expect(names(balancedGroups(members, 3, new WeakMap()))).toEqual([['only']]);
    const many = Array.from({ length: 20 }, (_, n) => member(`p${n}`));
    const groups = balancedGroups(many, 3, new WeakMap(many.map((m, n) => [m, n + 1])));
    expect(groups).toHaveLength(3);
    expect(
      groups
        .flat()
        .map((m) => m.projection.name)
        .sort(),
    ).toEqual(many.map((m) => m.projection.name).sort());
  });
});
