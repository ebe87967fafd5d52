import type { AppointmentStatus, AppointmentSummaryView, AppointmentView } from '@care/events';

/** The Visit Tracking tabs. */
export const VISIT_TABS = [
  { value: 'today', label: "Today's Visits" },
  { value: 'live', label: 'Live Tracking' },
  { value: 'completed', label: 'Completed' },
  { value: 'missed', label: 'Missed Visits' },
  { value: 'analytics', label: 'Analytics' },
] as const;
export type VisitTab = (typeof VISIT_TABS)[number]['value'];

/** The status filter: All, Completed, In progress, Missed, Scheduled. */
export const STATUS_FILTERS = [
  { value: 'all', label: 'All statuses' },
  { value: 'completed', label: 'Completed' },
  { value: 'in_progress', label: 'In progress' },
  { value: 'missed', label: 'Missed' },
  { value: 'scheduled', label: 'Scheduled' },
] as const satisfies readonly { value: AppointmentStatus | 'all'; label: string }[];
export type StatusFilter = (typeof STATUS_FILTERS)[number]['value'];

/** What a list tab shows: Live Tracking the visits in progress, Completed and Missed Visits their status. */
const TAB_STATUS: Partial<Record<VisitTab, AppointmentStatus>> = {
  live: 'in_progress',
  completed: 'completed',
  missed: 'missed',
};

/** The visits of a tab under the status filter (search is applied by the table). */
export function visitsForTab(
  visits: readonly AppointmentView[],
  tab: VisitTab,
  filter: StatusFilter,
): AppointmentView[] {
  const tabStatus = TAB_STATUS[tab];
  return visits.filter(
    (visit) => (tabStatus === undefined || visit.status === tabStatus) && (filter === 'all' || visit.status === filter),
  );
}

/** Tasks done of the visit's tasks, and the share as a whole percentage (0 without tasks). */
export function taskProgress(visit: Pick<AppointmentView, 'tasksCompleted' | 'totalTasks'>): {
  done: number;
  total: number;
  percent: number;
} {
  const total = visit.totalTasks;
  const done = Math.min(visit.tasksCompleted.length, total);
  return { done, total, percent: total === 0 ? 0 : Math.round((done / total) * 100) };
}

/** Minutes actually spent when checked in and out, else the planned duration. */
export function visitMinutes(visit: Pick<AppointmentView, 'actualStartTime' | 'actualEndTime' | 'scheduledDuration'>): {
  minutes: number;
  actual: boolean;
} {
  if (visit.actualStartTime && visit.actualEndTime) {
    const minutes = Math.round((Date.parse(visit.actualEndTime) - Date.parse(visit.actualStartTime)) / 60_000);
    if (Number.isFinite(minutes) && minutes >= 0) return { minutes, actual: true };
  }
  return { minutes: visit.scheduledDuration, actual: false };
}

/** The Completion Rate card: the server's figure to one decimal, or a dash when nothing is due yet. */
export function completionRateText(summary: Pick<AppointmentSummaryView, 'completionRate'>): string {
  return summary.completionRate === null ? '—' : `${summary.completionRate.toFixed(1)}%`;
}
