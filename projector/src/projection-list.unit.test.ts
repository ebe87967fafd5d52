import { describe, expect, it } from 'vitest';
import { PROJECTION_NAMES } from '@care/events';
import { projections } from './projection-list';

describe('the list of projection names the command side knows', () => {
  it('names exactly the projections the projector runs', () => {
    // A skip for a projection missing from the shared list would be refused (404) although the projector runs it.
    expect(projections.map((projection) => projection.name)).toEqual([...PROJECTION_NAMES]);
  });
});
