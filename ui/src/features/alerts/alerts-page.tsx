import {
  ALERT_SEVERITIES,
  ALERT_SEVERITY_LABELS,
  type AlertGroupView,
  type AlertItem,
  type AlertSeverity,
  type AlertView,
} from '@care/events';
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
import { ALERT_ITEMS_PATH } from '../../records/alerts/get-alert-items';
import { ALERTS_PATH } from '../../records/alerts/get-alerts';
import {
  AcknowledgeGroupButton,
  AlertGroupMembers,
  GroupToggle,
  groupStatusText,
  useGroupDisclosure,
} from './alert-group';
import './alerts.css';

const SNOOZE_FILTERS = ['', 'true', 'false'] as const;
type SnoozeFilter = (typeof SNOOZE_FILTERS)[number];

/**
 * The Alerts page: open or resolved alerts, filtered by severity, with every action; most severe first unless the
 * user sorts them by when they were raised. Open alerts of a group (overdue invoices, training expiring…) show as one
 * row that opens onto its members. The server sorts, so every page that Load more adds follows on in order.
 */
export function AlertsPage() {
  const filterId = useId();
  const sortId = useId();
  const snoozeId = useId();
  const [active, setActive] = useState(true);
  const [severity, setSeverity] = useState<AlertSeverity | undefined>();
  const [sort, setSort] = useState<AlertSort>('severity');
  const [snoozed, setSnoozed] = useState<SnoozeFilter>('');
  // Open alerts read grouped (a group of overdue invoices is one row) unless a snooze filter asks for alerts one by
  // one; resolved alerts are always listed one by one. Only open alerts are ever snoozed.
  const grouped = active && snoozed === '';
  const single = usePagedList<AlertView>(
    ALERTS_PATH,
    { active: String(active), severity, sort, snoozed: active && snoozed !== '' ? snoozed : undefined },
    { enabled: !grouped },
  );
  const itemList = usePagedList<AlertItem>(ALERT_ITEMS_PATH, { severity, sort }, { enabled: grouped });
  const alerts = grouped ? itemList : single;
  const rows: AlertItem[] = grouped ? itemList.items : single.items.map((alert) => ({ kind: 'alert', alert }));

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
      ) : rows.length === 0 ? (
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
                {rows.map((item) =>
                  item.kind === 'alert' ? (
                    <AlertPageRow key={item.alert.id} alert={item.alert} />
                  ) : (
                    <GroupPageRow key={item.group.key} group={item.group} />
                  ),
                )}
              </tbody>
            </table>
          </div>
          <LoadMore
            shown={rows.length}
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

/** An alert standing alone (or any alert of a list read one by one), with every action. */
function AlertPageRow({ alert }: { alert: AlertView }) {
  return (
    <tr data-testid="alert-row">
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
  );
}

/** A group as one row: its figures, its members opening below it, and "Acknowledge all". */
function GroupPageRow({ group }: { group: AlertGroupView }) {
  const { open, toggle, membersId } = useGroupDisclosure();
  return (
    <>
      <tr data-testid="alert-row" className="alert-group-row">
        <td data-label="Severity">
          <SeverityBadge severity={group.severity} />
        </td>
        <td data-label="Alert" className="alert-cell">
          <span className="alert-cell-title">{group.title}</span>
          <GroupToggle group={group} open={open} onToggle={toggle} membersId={membersId} />
        </td>
        <td data-label="Status" className="alert-cell">
          <span className="small">{groupStatusText(group)}</span>
        </td>
        <td data-label="Latest">
          <time dateTime={group.newestAt} className="user-cell-text-stack">
            {formatDateTime(group.newestAt)
              .split(' ')
              .map((part) => (
                <span key={part}>{part}</span>
              ))}
          </time>
        </td>
        <td>
          <div className="row-actions alert-actions">
            <AcknowledgeGroupButton group={group} />
          </div>
        </td>
      </tr>
      {open && (
        <tr className="alert-group-members-row">
          <td colSpan={5}>
            <AlertGroupMembers group={group} id={membersId} />
          </td>
        </tr>
      )}
    </>
  );
}
