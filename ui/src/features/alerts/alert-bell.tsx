import * as Popover from '@radix-ui/react-popover';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Bell } from 'lucide-react';
import { useState } from 'react';
import { errorReason } from '../../shared/api';
import { formatDateTime } from '../../shared/format';
import { alertAboutText, AlertStatusBadge, SeverityBadge } from './alert-badges';
import { alertCountQueryOptions } from './get-alert-count';
import { latestAlertsQueryOptions } from './get-latest-alerts';

/** The badge shows at most this; the accessible name says the real figure. */
const BADGE_MAX = 99;

/**
 * The bell (spec part 1 sections 2.3 and 2.7): how many alerts nobody has acknowledged, live by push, and a list of
 * the newest open alerts with a link to the Alerts page. The list is read when it is first opened; while open it
 * reloads on `alerts:changed`, and `alerts:new` puts a new alert on top.
 */
export function AlertBell() {
  const [open, setOpen] = useState(false);
  const count = useQuery(alertCountQueryOptions).data?.count;
  const name = count === undefined ? 'Alerts' : `Alerts, ${count} active`;
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger className="icon-button alert-bell" aria-label={name} data-testid="alert-bell">
        <Bell size={20} aria-hidden />
        {count !== undefined && count > 0 && (
          <span className="alert-bell-badge" aria-hidden data-testid="alert-bell-count">
            {count > BADGE_MAX ? `${BADGE_MAX}+` : count}
          </span>
        )}
      </Popover.Trigger>
      {/* Read out when the pushed figure changes (a live region announces changes, not its first content). */}
      <span className="sr-only" role="status">
        {count === undefined ? '' : `${count} active ${count === 1 ? 'alert' : 'alerts'}`}
      </span>
      <Popover.Portal>
        <Popover.Content className="alert-popover" align="end" sideOffset={8} collisionPadding={8} aria-label="Latest alerts">
          <LatestAlerts count={count} onNavigate={() => setOpen(false)} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function LatestAlerts({ count, onNavigate }: { count: number | undefined; onNavigate: () => void }) {
  const latest = useQuery(latestAlertsQueryOptions);
  return (
    <div className="alert-popover-body">
      <div className="alert-popover-header">
        <h2 className="card-title">Alerts</h2>
        {count !== undefined && <span className="muted small">{count === 1 ? '1 active' : `${count} active`}</span>}
      </div>
      {latest.isPending ? (
        <p className="muted small" role="status">
          Loading alerts...
        </p>
      ) : latest.isError ? (
        <p className="field-error" role="alert">
          Could not load alerts: {errorReason(latest.error)}
        </p>
      ) : latest.data.length === 0 ? (
        <div className="alert-popover-empty">
          <p>No active alerts</p>
          <p className="muted small">All systems running smoothly</p>
        </div>
      ) : (
        <ul className="alert-popover-list" data-testid="alert-bell-list">
          {latest.data.map((alert) => (
            <li key={alert.id} className={`alert-popover-item severity-edge-${alert.severity}`}>
              <span className="alert-popover-title">{alert.title}</span>
              {alertAboutText(alert) && <span className="small">{alertAboutText(alert)}</span>}
              <span className="alert-popover-meta">
                <SeverityBadge severity={alert.severity} />
                {alert.status !== 'active' && <AlertStatusBadge status={alert.status} />}
                <time className="muted small" dateTime={alert.createdAt}>
                  {formatDateTime(alert.createdAt)}
                </time>
              </span>
            </li>
          ))}
        </ul>
      )}
      <Link to="/alerts" className="button button-secondary button-small alert-popover-all" onClick={onNavigate}>
        View all alerts
      </Link>
    </div>
  );
}
