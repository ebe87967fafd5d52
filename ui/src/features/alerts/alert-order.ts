import { ALERT_SEVERITIES, type AlertItem, type AlertView } from '@care/events';

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

/** An item's severity, raised time and key: a group's are its most severe member's and its newest member's. */
const itemFields = (item: AlertItem) =>
  item.kind === 'alert'
    ? { severity: item.alert.severity, createdAt: item.alert.createdAt, id: item.alert.id }
    : { severity: item.group.severity, createdAt: item.group.newestAt, id: item.group.key };

/** `mostSevereFirst` for the grouped lists (GET /api/alert-items), in the server's order. */
export function mostSevereItemFirst(a: AlertItem, b: AlertItem): number {
  const x = itemFields(a);
  const y = itemFields(b);
  return (
    ALERT_SEVERITIES.indexOf(y.severity) - ALERT_SEVERITIES.indexOf(x.severity) ||
    y.createdAt.localeCompare(x.createdAt) ||
    y.id.localeCompare(x.id)
  );
}
