import { can } from '@care/events';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { BellRing, CheckCircle2 } from 'lucide-react';
import { errorReason } from '../../shared/api';
import { useCurrentUser } from '../../shared/current-user';
import { alertItemKey } from '../../records/alerts/get-alert-items';
import { alertRulesQuery } from '../../records/alerts/alert-rules';
import { latestAlertsQueryOptions } from '../../records/alerts/get-latest-alerts';
import { AlertItemSummary, mostSevereItemFirst } from '../alerts';

/** The dashboard lists 5 alerts; the rest are one click away on the Alerts page. */
export const ACTIVE_ALERTS_LIMIT = 5;

/**
 * Active Alerts: the 5 most severe open items (the newest first within a severity; a group is one item), the same read
 * as the bell's list.
 */
export function ActiveAlerts() {
  const alerts = useQuery(latestAlertsQueryOptions);
  const canReadRules = can(useCurrentUser().role, 'alerts.read');
  return (
    <section className="card dashboard-block" aria-labelledby="active-alerts-title">
      <header className="dashboard-block-header">
        <h2 id="active-alerts-title" className="card-title">
          <BellRing size={18} aria-hidden />
          Active Alerts
        </h2>
        <Link to="/alerts" className="button button-ghost button-small">
          View All
        </Link>
      </header>
      {canReadRules && <RulesOff />}
      {alerts.isPending ? (
        <p className="muted" role="status">
          Loading alerts...
        </p>
      ) : alerts.isError ? (
        <p className="field-error" role="alert">
          Could not load alerts: {errorReason(alerts.error)}
        </p>
      ) : alerts.data.length === 0 ? (
        <div className="dashboard-empty active-alerts-empty">
          <CheckCircle2 size={28} aria-hidden className="active-alerts-ok" />
          <p>No active alerts</p>
          <p className="muted small">All systems running smoothly</p>
        </div>
      ) : (
        <ul className="active-alert-list" data-testid="active-alerts">
          {[...alerts.data]
            .sort(mostSevereItemFirst)
            .slice(0, ACTIVE_ALERTS_LIMIT)
            .map((item) => (
              <li
                key={alertItemKey(item)}
                className={`active-alert severity-edge-${item.kind === 'alert' ? item.alert.severity : item.group.severity}`}
              >
                <AlertItemSummary item={item} classPrefix="active-alert" />
              </li>
            ))}
        </ul>
      )}
    </section>
  );
}

/** "2 alert rules are off: Visit running late, Urgent diary entry", linking to where administrators switch them. */
function RulesOff() {
  const rules = useQuery(alertRulesQuery);
  const off = (rules.data ?? []).filter((rule) => !rule.on);
  if (off.length === 0) return null;
  return (
    <p className="small alert-rules-off" data-testid="alert-rules-off">
      {off.length === 1 ? '1 alert rule is off' : `${off.length} alert rules are off`}:{' '}
      {off.map((rule) => rule.label).join(', ')}. <Link to="/settings">Alert rules in Settings</Link>
    </p>
  );
}
