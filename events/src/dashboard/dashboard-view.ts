import type { TaskCategory } from '../enums';

/**
 * GET /api/dashboard/stats: every figure of the dashboard, computed from the read
 * models for what the caller may read. A figure the caller may not read is null (the tile is not shown).
 */
export interface DashboardStats {
  /** Alerts nobody has acknowledged yet (the bell). */
  activeAlerts: number;
  /** Of those, high and critical. */
  urgentAlerts: number;
  /** Alerts not yet resolved (active and acknowledged). */
  openAlerts: number;
  /** Open tasks (pending and in progress) the caller sees. */
  toDoItems: number;
  overdueTasks: number;
  /** Open tasks per category, every category present. */
  taskCategories: Record<TaskCategory, number>;
  /** Visits whose planned end has passed with no check-out recorded (not cancelled, not a no-show). */
  unrecordedVisits: number;
  /** Unreviewed diary entries of type incident or observation with priority high or urgent (docs/features/alerts.md, "Welfare Concerns"). */
  welfareConcerns: number | null;
  /** Open incidents: zero until the incidents slice exists. */
  incidents: number | null;
  quickStats: {
    /** On-time share of completed visits over the last 30 days, percent to 1 decimal; null when none completed. */
    onTimeRate: number | null;
    /** Mean of the per-carer training compliance, percent to 1 decimal; null when no active carers. */
    trainingCompliance: number | null;
    /** Mean client rating recorded at check-out (1 to 5, to 1 decimal) and how many; null when none. */
    clientSatisfaction: number | null;
    ratingsCount: number;
  };
}
