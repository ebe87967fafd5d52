import { ALERT_SEVERITIES, type AlertView } from '@care/events';

/**
 * The orders GET /api/alerts reads a list in (`?sort=`, read-api/src/alerts/alert-queries.ts), with the words a
 * "Sort by" select shows. Most severe first is every list's default.
 */
export const ALERT_SORTS = ['severity', 'newest', 'oldest'] as const;
export type AlertSort = (typeof ALERT_SORTS)[number];
export const ALERT_SORT_LABELS: Readonly<Record<AlertSort, string>> = {
  severity: 'Most severe first',
  newest: 'Newest first',
  oldest: 'Oldest first',
};

/** Higher is more severe: ALERT_SEVERITIES runs from low to critical. */
const rank = (alert: AlertView) => ALERT_SEVERITIES.indexOf(alert.severity);

/**
 * The server's default order (critical, high, medium, low; the newest raised first within each; then id), for a list
 * the live push adds to in the browser: `alerts:new` puts a new alert at the top of the bell's list whatever its
 * severity, and this puts it back in its place until the list is read again.
 */
export function mostSevereFirst(a: AlertView, b: AlertView): number {
  return rank(b) - rank(a) || b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);
}
