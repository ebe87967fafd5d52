import {
  ALERT_SEVERITIES,
  ALERT_STATUSES,
  TASK_CATEGORIES,
  type AlertItem,
  type AlertView,
  type DashboardStats,
} from '@care/events';
import type { QueryClient } from '@tanstack/react-query';
// zod/mini: the same checks, tree-shaken to what these few schemas use, so the live socket does not put the whole
// of zod into every screen's first load.
import * as z from 'zod/mini';

/**
 * The figures read-api pushes over socket.io, checked at the edge before they go into the query cache:
 * a malformed push is dropped (the last good figure stays) rather than breaking a screen.
 */

const count = z.int().check(z.nonnegative());
const percent = z.nullable(z.number().check(z.minimum(0), z.maximum(100)));

export const countPushSchema = z.object({ count });

const dashboardStatsSchema = z.object({
  activeAlerts: count,
  urgentAlerts: count,
  openAlerts: count,
  toDoItems: count,
  overdueTasks: count,
  taskCategories: z.object(
    Object.fromEntries(TASK_CATEGORIES.map((category) => [category, count])) as Record<
      (typeof TASK_CATEGORIES)[number],
      typeof count
    >,
  ),
  unrecordedVisits: count,
  welfareConcerns: z.nullable(count),
  incidents: z.nullable(count),
  quickStats: z.object({
    onTimeRate: percent,
    trainingCompliance: percent,
    clientSatisfaction: z.nullable(z.number().check(z.minimum(1), z.maximum(5))),
    ratingsCount: count,
  }),
});

/** Only what the bell's list shows is checked; the rest of the row is the server's AlertView as sent. */
const alertPushSchema = z.looseObject({
  id: z.string().check(z.minLength(1)),
  title: z.string(),
  severity: z.enum(ALERT_SEVERITIES),
  status: z.enum(ALERT_STATUSES),
  createdAt: z.string(),
  groupKey: z.nullable(z.string()),
});

export function parseCountPush(payload: unknown): number | undefined {
  const parsed = countPushSchema.safeParse(payload);
  return parsed.success ? parsed.data.count : undefined;
}

export function parseDashboardStatsPush(payload: unknown): DashboardStats | undefined {
  const parsed = dashboardStatsSchema.safeParse(payload);
  return parsed.success ? parsed.data : undefined;
}

export function parseAlertPush(payload: unknown): AlertView | undefined {
  return alertPushSchema.safeParse(payload).success ? (payload as AlertView) : undefined;
}

/**
 * The bell's list with a newly raised alert on top: once only, no longer than it was asked for. An alert that joins
 * a group changes that group's row instead, which the alert notice that follows reloads.
 */
export function withNewAlert(
  list: readonly AlertItem[] | undefined,
  alert: AlertView,
  limit: number,
): AlertItem[] | undefined {
  // Nothing loaded yet: the list's own first read will include it.
  if (list === undefined) return undefined;
  if (alert.status === 'resolved' || alert.groupKey !== null) return [...list];
  const others = list.filter((item) => item.kind !== 'alert' || item.alert.id !== alert.id);
  return [{ kind: 'alert' as const, alert }, ...others].slice(0, limit);
}

/**
 * A pushed figure into the cache. It is the newest: a read of it still in flight (the page's first read) would land
 * after it with an older answer, so that read is cancelled, and a cancelled read falls back to the value set just
 * before it (TanStack Query restores the last state set by hand).
 */
export function setPushedFigure<T>(queryClient: QueryClient, queryKey: readonly unknown[], value: T): void {
  queryClient.setQueryData(queryKey, value);
  void queryClient.cancelQueries({ queryKey, exact: true });
}
