import {
  ALERT_AUDIENCE_LABELS,
  can,
  type AlertGroupView,
  type AlertItem,
  type AlertView,
  type Role,
} from '@care/events';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ChevronLeft, ChevronRight, Siren } from 'lucide-react';
import { useState } from 'react';
import { errorReason } from '../../shared/api';
import { formatDateTime } from '../../shared/format';
import {
  AcknowledgeGroupButton,
  ActiveInactiveToggle,
  AlertActions,
  AlertGroupMembers,
  GroupToggle,
  groupStatusText,
  useGroupDisclosure,
} from '../alerts';
import { alertSubjectName, SeverityBadge } from '../../records/alerts/alert-badges';
import { alertItemsPageQueryOptions } from '../../records/alerts/get-alert-items';
import { alertsPageQueryOptions } from '../../records/alerts/get-alerts';

/** Rows per page of the dashboard's Alerts table. */
export const DASHBOARD_ALERTS_PAGE_SIZE = 7;

/** "1 - 7 of 7", as the table's footer reads; "0 of 0" when empty. */
export function pageRangeText(offset: number, shown: number, total: number): string {
  return shown === 0 ? `0 of ${total}` : `${offset + 1} - ${offset + shown} of ${total}`;
}

/**
 * The dashboard's Alerts table: Active (open) or Inactive (resolved), columns #, User,
 * Message, Date, Time, Action, paged on the server, most severe first (the server's default order); open alerts of a
 * group (overdue invoices, training expiring…) show as one row whose members open below it. The Action column
 * acknowledges, resolves or makes a task, or acknowledges a whole group.
 */
export function DashboardAlertsTable({ role }: { role: Role }) {
  const canManage = can(role, 'alerts.manage');
  const [active, setActive] = useState(true);
  const [offset, setOffset] = useState(0);
  // Open: the grouped list (a group of overdue invoices is one row); resolved: every alert, one by one.
  const openPage = useQuery({
    ...alertItemsPageQueryOptions({ limit: DASHBOARD_ALERTS_PAGE_SIZE, offset }),
    enabled: active,
  });
  const resolvedPage = useQuery({
    ...alertsPageQueryOptions({ active: false, limit: DASHBOARD_ALERTS_PAGE_SIZE, offset }),
    enabled: !active,
  });
  const page = active ? openPage : resolvedPage;
  const items: AlertItem[] = active
    ? (openPage.data?.items ?? [])
    : (resolvedPage.data?.items ?? []).map((alert) => ({ kind: 'alert', alert }));
  const total = page.data?.total ?? 0;
  // A page emptied by a change (the last alert on it resolved) steps back rather than showing nothing.
  if (page.data && items.length === 0 && offset > 0 && !page.isPlaceholderData)
    setOffset(Math.max(0, offset - DASHBOARD_ALERTS_PAGE_SIZE));

  const show = (next: boolean) => {
    setActive(next);
    setOffset(0);
  };

  return (
    <section className="card dashboard-block dashboard-alerts" aria-labelledby="dashboard-alerts-title">
      <header className="dashboard-block-header">
        <h2 id="dashboard-alerts-title" className="card-title">
          <Siren size={18} aria-hidden />
          Alerts
        </h2>
        <ActiveInactiveToggle active={active} onChange={show} label="Which alerts" />
      </header>
      {page.isPending ? (
        <p className="muted" role="status">
          Loading alerts...
        </p>
      ) : page.isError ? (
        <p className="field-error" role="alert">
          Could not load alerts: {errorReason(page.error)}
        </p>
      ) : items.length === 0 ? (
        <p className="muted dashboard-empty">{active ? 'No active alerts' : 'No resolved alerts'}</p>
      ) : (
        <div className="table-wrap">
          <table className="data-table dashboard-alerts-table" data-testid="dashboard-alerts-table">
            <caption className="sr-only">
              {active ? 'Active alerts' : 'Inactive (resolved) alerts'}, most severe first
            </caption>
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">User</th>
                <th scope="col">Message</th>
                <th scope="col">Date</th>
                <th scope="col">Time</th>
                {canManage && <th scope="col">Action</th>}
              </tr>
            </thead>
            <tbody>
              {items.map((item, index) =>
                item.kind === 'alert' ? (
                  <AlertRow key={item.alert.id} alert={item.alert} number={offset + index + 1} canManage={canManage} />
                ) : (
                  <GroupRow key={item.group.key} group={item.group} number={offset + index + 1} canManage={canManage} />
                ),
              )}
            </tbody>
          </table>
        </div>
      )}
      <footer className="dashboard-pager">
        <span className="muted small" role="status" data-testid="dashboard-alerts-range">
          {page.data ? pageRangeText(offset, items.length, total) : ''}
        </span>
        <span className="dashboard-pager-buttons">
          <button
            type="button"
            className="icon-button"
            aria-label="Previous page of alerts"
            disabled={offset === 0}
            onClick={() => setOffset(Math.max(0, offset - DASHBOARD_ALERTS_PAGE_SIZE))}
          >
            <ChevronLeft size={18} aria-hidden />
          </button>
          <button
            type="button"
            className="icon-button"
            aria-label="Next page of alerts"
            disabled={offset + items.length >= total}
            onClick={() => setOffset(offset + DASHBOARD_ALERTS_PAGE_SIZE)}
          >
            <ChevronRight size={18} aria-hidden />
          </button>
        </span>
        <Link to="/alerts" className="button button-ghost button-small">
          View All
        </Link>
      </footer>
    </section>
  );
}

function AlertRow({ alert, number, canManage }: { alert: AlertView; number: number; canManage: boolean }) {
  const [date, time] = formatDateTime(alert.createdAt).split(' ');
  return (
    <tr data-testid="dashboard-alert-row">
      <td data-label="#">{number}</td>
      <td data-label="User">{alertSubjectName(alert)}</td>
      <td data-label="Message" className="alert-cell">
        <span className="alert-cell-title">
          <SeverityBadge severity={alert.severity} /> {alert.title}
        </span>
        {alert.status === 'acknowledged' && <span className="muted small">Acknowledged</span>}
      </td>
      <td data-label="Date">
        <time dateTime={alert.createdAt}>{date}</time>
      </td>
      <td data-label="Time">{time}</td>
      {canManage && (
        <td data-label="Action">
          <AlertActions alert={alert} variant="compact" />
        </td>
      )}
    </tr>
  );
}

/** A group as one row ("12 invoices overdue, £1,234.56 owed"), its members opening below it. */
function GroupRow({ group, number, canManage }: { group: AlertGroupView; number: number; canManage: boolean }) {
  const { open, toggle, membersId } = useGroupDisclosure();
  const [date, time] = formatDateTime(group.newestAt).split(' ');
  return (
    <>
      <tr data-testid="dashboard-alert-row" className="alert-group-row">
        <td data-label="#">{number}</td>
        <td data-label="User">{ALERT_AUDIENCE_LABELS[group.audience]}</td>
        <td data-label="Message" className="alert-cell">
          <span className="alert-cell-title">
            <SeverityBadge severity={group.severity} /> {group.title}
          </span>
          <span className="muted small">{groupStatusText(group)}</span>
          <GroupToggle group={group} open={open} onToggle={toggle} membersId={membersId} />
        </td>
        <td data-label="Date">
          <time dateTime={group.newestAt}>{date}</time>
        </td>
        <td data-label="Time">{time}</td>
        {canManage && (
          <td data-label="Action">
            <AcknowledgeGroupButton group={group} />
          </td>
        )}
      </tr>
      {open && (
        <tr className="alert-group-members-row">
          <td colSpan={canManage ? 6 : 5}>
            <AlertGroupMembers group={group} id={membersId} />
          </td>
        </tr>
      )}
    </>
  );
}
