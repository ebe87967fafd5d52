import type { RecordedWorkingPattern } from './working-pattern';

/** GET /api/carers/:id/working-pattern: the carer's pattern as last set, who set it and when. */
export interface WorkingPatternView extends RecordedWorkingPattern {
  carerId: string;
  /** Stream revision: send it back as If-Match with the next change. */
  revision: string;
  updatedAt: string;
  updatedBy: string;
}
