import type { RecordedEvent, RecordedWorkingPattern, WorkingPatternEvent } from '@care/events';

export type WorkingPatternRecorded = RecordedEvent<WorkingPatternEvent>;

/** A row of `carer_working_patterns` as the projection folds it in memory (`id` is the carer's, for foldBatch). */
export type WorkingPatternRecord = {
  id: string;
  weekly: RecordedWorkingPattern['weekly'];
  exceptions: RecordedWorkingPattern['exceptions'];
  contracted_hours_per_week: number | null;
  weekly_hours_limit: number;
  opted_out_on: string | null;
  revision: string;
  updated_at: string;
  updated_by: string;
};

/** Folds one event into the carer's row. Pure. Each event carries the whole pattern, so it replaces the row. */
export function evolveWorkingPatternRecord(
  _current: WorkingPatternRecord | undefined,
  event: WorkingPatternRecorded,
): WorkingPatternRecord {
  const { carerId, weekly, exceptions, contractedHoursPerWeek, weeklyHoursLimit, optedOutOn } = event.data;
  return {
    id: carerId,
    weekly: weekly.map((range) => ({ ...range })),
    exceptions: exceptions.map((exception) => ({ ...exception })),
    contracted_hours_per_week: contractedHoursPerWeek,
    weekly_hours_limit: weeklyHoursLimit,
    opted_out_on: optedOutOn,
    revision: event.revision.toString(),
    updated_at: event.metadata.occurredAt,
    updated_by: event.metadata.userId,
  };
}
