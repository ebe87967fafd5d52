import { describe, expect, it } from 'vitest';
import type { RecordedWorkingPattern, WorkingPatternEvent } from '@care/events';
import {
  decideWorkingPattern,
  evolveWorkingPattern,
  initialWorkingPatternState,
  type WorkingPatternState,
} from './working-pattern-decide';

const carerId = '0190a5b2-7c3d-7e4f-8a1b-000000000001';
const fullTime: RecordedWorkingPattern = {
  weekly: ([1, 2, 3, 4, 5] as const).map((weekday) => ({ weekday, start: '08:00', end: '16:00' })),
  exceptions: [],
  contractedHoursPerWeek: 40,
  weeklyHoursLimit: 48,
  optedOutOn: null,
};
const optedOut: RecordedWorkingPattern = { ...fullTime, weeklyHoursLimit: 60, optedOutOn: '2027-01-04' };
const set = (pattern: RecordedWorkingPattern): WorkingPatternEvent => ({
  type: 'WorkingPatternSet',
  data: { carerId, ...pattern },
});

/** Given past events, when the pattern is set, then the new events. */
function given(...events: WorkingPatternEvent[]) {
  const state = events.reduce<WorkingPatternState>(evolveWorkingPattern, initialWorkingPatternState);
  return {
    whenSet: (pattern: RecordedWorkingPattern) => ({
      then: (expected: WorkingPatternEvent[]) =>
        expect(decideWorkingPattern({ type: 'SetWorkingPattern', carerId, pattern }, state)).toEqual(expected),
    }),
  };
}

describe('setting a working pattern', () => {
  it('records the first pattern whole', () => {
    given()
      .whenSet(fullTime)
      .then([set(fullTime)]);
  });

  it('records a changed pattern whole, replacing the last one', () => {
    given(set(fullTime))
      .whenSet(optedOut)
      .then([set(optedOut)]);
  });

  it('records nothing when the pattern is the one already recorded', () => {
    given(set(fullTime))
      .whenSet({ ...fullTime })
      .then([]);
    given(set(fullTime), set(optedOut))
      .whenSet(fullTime)
      .then([set(fullTime)]);
  });
});
