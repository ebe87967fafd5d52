import type { AlertItem } from '@care/events';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiGet, apiGetPage } from '../../shared/api';
import { withParams } from '../../shared/paged-list';

/**
 * GET /api/alert-items: the open alerts as people read them, an alert standing alone or one row per group ("12
 * invoices overdue, £1,234.56 owed"), most severe first. The live push's alert notices reload it (live.ts).
 */
export const ALERT_ITEMS_PATH = '/api/alert-items';

/** The bell's list and the dashboard's Active Alerts: the first 10 items. */
export const LATEST_ALERT_ITEMS = `${ALERT_ITEMS_PATH}?limit=10`;

export const latestAlertItemsQueryOptions = queryOptions({
  queryKey: [LATEST_ALERT_ITEMS] as const,
  queryFn: () => apiGet<AlertItem[]>(LATEST_ALERT_ITEMS),
});

/** One page of items (the dashboard's Alerts table pages on the server); the previous page stays while the next loads. */
export function alertItemsPageQueryOptions({ limit, offset }: { limit: number; offset: number }) {
  const url = withParams(ALERT_ITEMS_PATH, { limit, offset });
  return queryOptions({
    queryKey: [url] as const,
    queryFn: () => apiGetPage<AlertItem>(url),
    placeholderData: keepPreviousData,
  });
}

/** An item's key among others: an alert's id, a group's key. */
export const alertItemKey = (item: AlertItem): string =>
  item.kind === 'alert' ? item.alert.id : `group:${item.group.key}`;
