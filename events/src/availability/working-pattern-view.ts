import type { RecordedWorkingPattern } from './working-pattern';

/** GET /api/carers/:id/working-pattern: the carer's pattern as last set, who set it and when. */
export interface WorkingPatternView extends RecordedWorkingPattern {
  carerId: string;
  /** Stream revision: send it back as If-Match with the next change. */
  revision: string;
  updatedAt: string;
  updatedBy: string;
}

/** GET /api/working-time?week=: one carer's booked time in a London week against their weekly hours limit. */
export interface WorkingTimeView {
  carerId: string;
  /** The Monday of the week, YYYY-MM-DD. */
  weekStart: string;
  /** Minutes of the carer's visits starting that week, cancelled ones left out. */
  minutes: number;
  /** Hours: 48 unless the carer opted out of the 48-hour week. */
  weeklyHoursLimit: number;
  overLimit: boolean;
}
