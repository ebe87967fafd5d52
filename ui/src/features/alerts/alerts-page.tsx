import { ALERT_SEVERITIES, ALERT_SEVERITY_LABELS, type AlertSeverity, type AlertView } from '@care/events';
import { BellOff } from 'lucide-react';
import { useId, useState } from 'react';
import { formatDateTime } from '../../shared/format';
import { ListLoadError, ListLoading, LoadMore } from '../../shared/list-states';
import { usePagedList } from '../../shared/paged-list';
import { SelectOptions } from '../../shared/select-options';
import { ActiveInactiveToggle } from './active-inactive-toggle';
import { ALERT_SORT_LABELS, ALERT_SORTS, type AlertSort } from './alert-order';
import { AlertActions } from './alert-actions';
import {
  alertAboutText,
  AlertStatusBadge,
  personName,
  SeverityBadge,
  SnoozedBadge,
} from '../../records/alerts/alert-badges';
import { ALERTS_PATH } from '../../records/alerts/get-alerts';
import './alerts.css';

const SNOOZE_FILTERS = ['', 'true', 'false'] as const;
type SnoozeFilter = (typeof SNOOZE_FILTERS)[number];

/**
 * The Alerts page: open or resolved alerts, filtered by severity, with every action; most severe first unless the
 * user sorts them by when they were raised. The server sorts, so every page that Load more adds follows on in order.
 */
export function AlertsPage() {
  const filterId = useId();
  const sortId = useId();
  const snoozeId = useId();
  const [active, setActive] = useState(true);
  const [severity, setSeverity] = useState<AlertSeverity | undefined>();
  const [sort, setSort] = useState<AlertSort>('severity');
  const [snoozed, setSnoozed] = useState<SnoozeFilter>('');
  // Only open alerts are ever snoozed: the filter applies to the open list alone.
  const alerts = usePagedList<AlertView>(ALERTS_PATH, {
    active: String(active),
    severity,
    sort,
    snoozed: active && snoozed !== '' ? snoozed : undefined,
  });

  return (
    <section className="page alerts-page">
      <div className="page-header">
        <div>
          <h1 className="page-title">Alerts</h1>
          <p className="page-subtitle">
            <span className="live-dot" aria-hidden />
            Live: new alerts and changes appear as they happen
          </p>
        </div>
      </div>
      <div className="toolbar alerts-toolbar">
        <ActiveInactiveToggle active={active} onChange={setActive} label="Which alerts" />
        <div className="alerts-filter">
          <label htmlFor={filterId} className="label">
            Severity
          </label>
          <select
            id={filterId}
            className="input input-compact"
            value={severity ?? ''}
            onChange={(event) => setSeverity(ALERT_SEVERITIES.find((value) => value === event.target.value))}
          >
            <SelectOptions
              values={ALERT_SEVERITIES}
              label={(value) => ALERT_SEVERITY_LABELS[value]}
              placeholder="All severities"
            />
          </select>
        </div>
        {active && (
          <div className="alerts-filter">
            <label htmlFor={snoozeId} className="label">
              Snoozed
            </label>
            <select
              id={snoozeId}
              className="input input-compact"
              value={snoozed}
              onChange={(event) => setSnoozed(SNOOZE_FILTERS.find((value) => value === event.target.value) ?? '')}
            >
              <option value="">Snoozed or not</option>
              <option value="true">Snoozed</option>
              <option value="false">Not snoozed</option>
            </select>
          </div>
        )}
        <div className="alerts-filter">
          <label htmlFor={sortId} className="label">
            Sort by
          </label>
          <select
            id={sortId}
            className="input input-compact"
            value={sort}
            onChange={(event) => setSort(ALERT_SORTS.find((value) => value === event.target.value) ?? 'severity')}
          >
            <SelectOptions values={ALERT_SORTS} label={(value) => ALERT_SORT_LABELS[value]} />
          </select>
        </div>
      </div>
      {alerts.isPending ? (
        <ListLoading what="alerts" />
      ) : alerts.isError ? (
        <ListLoadError what="alerts" error={alerts.error} onRetry={() => void alerts.refetch()} />
      ) : alerts.items.length === 0 ? (
        <div className="card empty-state">
          <BellOff size={36} aria-hidden className="empty-icon" />
          <p>{active ? 'No active alerts' : 'No resolved alerts'}</p>
          {active && !severity && <p className="small">All systems running smoothly</p>}
        </div>
      ) : (
        <div className="card alerts-card">
          <div className="table-wrap">
            <table className="data-table alerts-table" data-testid="alerts-page-table">
              <caption className="sr-only">
                {active ? 'Active alerts' : 'Resolved alerts'}, {ALERT_SORT_LABELS[sort].toLowerCase()}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Severity</th>
                  <th scope="col">Alert</th>
                  <th scope="col">Status</th>
                  <th scope="col">Raised</th>
                  <th scope="col">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {alerts.items.map((alert) => (
                  <tr key={alert.id} data-testid="alert-row">
                    <td data-label="Severity">
                      <SeverityBadge severity={alert.severity} />
                    </td>
                    <td data-label="Alert" className="alert-cell">
                      <span className="alert-cell-title">{alert.title}</span>
                      <span className="muted small">{alert.description}</span>
                      {alertAboutText(alert) && <span className="small">{alertAboutText(alert)}</span>}
                    </td>
                    <td data-label="Status" className="alert-cell">
                      <AlertStatusBadge status={alert.status} />
                      {alert.snoozedUntil && (
                        <>
                          <SnoozedBadge until={alert.snoozedUntil} />
                          <span className="muted small">
                            By {personName(alert.snoozedBy)}: {alert.snoozeReason}
                          </span>
                        </>
                      )}
                      {alert.assignedTo && <span className="small">Assigned to {personName(alert.assignedTo)}</span>}
                      {alert.status === 'acknowledged' && alert.acknowledgedAt && (
                        <span className="muted small">
                          By {personName(alert.acknowledgedBy)}, {formatDateTime(alert.acknowledgedAt)}
                        </span>
                      )}
                      {alert.status === 'resolved' && alert.resolvedAt && (
                        <span className="muted small">
                          By {alert.resolvedBySystem ? 'the system' : personName(alert.resolvedBy)},{' '}
                          {formatDateTime(alert.resolvedAt)}
                        </span>
                      )}
                    </td>
                    <td data-label="Raised">
                      <time dateTime={alert.createdAt} className="user-cell-text-stack">
                        {formatDateTime(alert.createdAt)
                          .split(' ')
                          .map((part) => (
                            <span key={part}>{part}</span>
                          ))}
                      </time>
                    </td>
                    <td>
                      <AlertActions alert={alert} variant="full" />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <LoadMore
            shown={alerts.items.length}
            total={alerts.total}
            hasMore={alerts.hasNextPage}
            loading={alerts.isFetchingNextPage}
            onLoadMore={() => void alerts.fetchNextPage()}
          />
        </div>
      )}
    </section>
  );
}
