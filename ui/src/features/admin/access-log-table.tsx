import type { AccessLogEntryType, AccessLogEntryView } from '@care/events';
import { RefreshCw } from 'lucide-react';
import { errorReason } from '../../shared/api';
import { formatDateTime, humanize } from '../../shared/format';
import { LoadMore } from '../../shared/list-states';
import { useAccessLog } from './get-access-log';

const EVENT_LABELS: Record<AccessLogEntryType, string> = {
  signed_in: 'Signed in',
  sign_in_failed: 'Sign-in failed',
  locked_out: 'Locked out',
  signed_out: 'Signed out',
  password_reset_requested: 'Password reset requested',
  password_reset_issued: 'Password reset issued',
};

const REASON_LABELS: Record<string, string> = {
  wrong_password: 'Wrong password',
  unknown_email: 'Unknown email',
  deactivated: 'Account deactivated',
  locked: 'Locked out after failed sign-ins',
  account_locked: 'Account locked after failed sign-ins',
  address_locked: 'Address locked after failed sign-ins',
  logout: 'Logged out',
  expired: 'Session expired',
};

const eventLabel = (entry: AccessLogEntryView) => EVENT_LABELS[entry.type] ?? humanize(entry.type);
const reasonLabel = (reason: string | null) => (reason ? (REASON_LABELS[reason] ?? humanize(reason)) : '');

/** The Security tab's access log: every sign-in event the server keeps, newest first, a page at a time. */
export function AccessLogTable() {
  const log = useAccessLog();
  return (
    <section className="card admin-card" aria-labelledby="access-log-title">
      <div className="admin-card-header">
        <div>
          <h2 id="access-log-title" className="card-title">
            Access log
          </h2>
          <p className="muted small">Sign-ins, lockouts, sign-outs and password resets, newest first.</p>
        </div>
        <button
          type="button"
          className="button button-secondary button-small"
          onClick={() => void log.refetch()}
          disabled={log.isFetching}
        >
          <RefreshCw size={14} aria-hidden className={log.isFetching ? 'spin' : undefined} />
          Refresh
        </button>
      </div>
      {log.isPending ? (
        <p className="muted" role="status">
          Loading access log...
        </p>
      ) : log.isError ? (
        <p className="form-error" role="alert">
          Could not load the access log: {errorReason(log.error)}
        </p>
      ) : log.items.length === 0 ? (
        <p className="muted">No access events yet.</p>
      ) : (
        <>
          <div className="table-wrap">
            <table className="data-table" data-testid="access-log-table">
              <caption className="sr-only">Access log, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Time</th>
                  <th scope="col">User</th>
                  <th scope="col">Event</th>
                  <th scope="col">Reason</th>
                  <th scope="col">IP address</th>
                </tr>
              </thead>
              <tbody>
                {log.items.map((entry) => (
                  <tr
                    key={entry.id}
                    data-testid="access-log-row"
                    className={
                      entry.type === 'sign_in_failed' || entry.type === 'locked_out' ? 'row-warning' : undefined
                    }
                  >
                    <td data-label="Time">
                      <time dateTime={entry.occurredAt}>{formatDateTime(entry.occurredAt)}</time>
                    </td>
                    <td data-label="User">
                      <span className="user-cell-text-stack">
                        {entry.name && <span>{entry.name}</span>}
                        {entry.email && <span className="muted small">{entry.email}</span>}
                        {!entry.name && !entry.email && <span className="muted">Unknown</span>}
                      </span>
                    </td>
                    <td data-label="Event">{eventLabel(entry)}</td>
                    <td data-label="Reason">{reasonLabel(entry.reason)}</td>
                    <td data-label="IP address" className="mono">
                      {entry.ipAddress ?? ''}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <LoadMore
            shown={log.items.length}
            total={log.total}
            hasMore={log.hasNextPage}
            loading={log.isFetchingNextPage}
            onLoadMore={() => void log.fetchNextPage()}
          />
        </>
      )}
    </section>
  );
}
