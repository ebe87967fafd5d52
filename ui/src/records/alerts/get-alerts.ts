import type { AlertSeverity, AlertView } from '@care/events';
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiGetPage } from '../../shared/api';
import { isUnder } from '../../shared/live';
import { withParams } from '../../shared/paged-list';
import { PUSHED_FIGURE_KEYS } from '../../shared/query-keys';
import { ALERT_ITEMS_PATH } from './get-alert-items';

/** URL first (the default loader's convention): the live push's `alerts:changed` reloads every alert list. */
export const ALERTS_PATH = '/api/alerts';

export interface AlertPageParams {
  /** true: open (active or acknowledged); false: resolved. */
  readonly active: boolean;
  readonly severity?: AlertSeverity | undefined;
  readonly limit: number;
  readonly offset: number;
}

export function alertsUrl({ active, severity, limit, offset }: AlertPageParams): string {
  return withParams(ALERTS_PATH, { active: String(active), severity, limit, offset });
}

/**
 * GET /api/alerts, one page (newest first, `X-Total-Count`): the dashboard's Alerts table pages on the server
 * ("1 - 7 of 7"). The previous page stays on screen while the next one loads, so the table does not jump.
 */
export function alertsPageQueryOptions(params: AlertPageParams) {
  const url = alertsUrl(params);
  const { active } = params;
  return queryOptions({
    queryKey: [url] as const,
    queryFn: () => apiGetPage<AlertView>(url),
    // Only another page of the same list: switching Active and Inactive shows as loading, never the other list's rows.
    placeholderData: (previous, previousQuery) =>
      previousQuery && String(previousQuery.queryKey[0]).includes(`active=${active}&`)
        ? keepPreviousData(previous)
        : undefined,
  });
}

/** After an alert command: every alert list (the grouped ones too) and detail reloads (read your writes); the pushed count does not. */
export function reloadAlerts(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey: [url] }) =>
      typeof url === 'string' &&
      !PUSHED_FIGURE_KEYS.includes(url) &&
      (isUnder(url, ALERTS_PATH) || isUnder(url, ALERT_ITEMS_PATH)),
  });
}
