import * as Popover from '@radix-ui/react-popover';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { errorReason } from '../../shared/api';
import { alertItemKey } from '../../records/alerts/get-alert-items';
import { latestAlertsQueryOptions } from '../../records/alerts/get-latest-alerts';
import { AlertItemSummary } from './alert-item-summary';
import { mostSevereItemFirst } from './alert-order';

/**
 * The bell's list of open alerts, most severe first (alert-bell.tsx), loaded when the bell is first pressed: the popover
 * and its positioning library are not part of any screen's first load.
 */
export function AlertBellPopover(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  name: string;
  count: number | undefined;
  className: string;
  children: ReactNode;
}) {
  return (
    <Popover.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Popover.Trigger className={props.className} aria-label={props.name} data-testid="alert-bell">
        {props.children}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          className="alert-popover"
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-label="Latest alerts"
        >
          <LatestAlerts count={props.count} onNavigate={() => props.onOpenChange(false)} />
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
          {[...latest.data].sort(mostSevereItemFirst).map((item) => (
            <li
              key={alertItemKey(item)}
              className={`alert-popover-item severity-edge-${item.kind === 'alert' ? item.alert.severity : item.group.severity}`}
            >
              <AlertItemSummary item={item} classPrefix="alert-popover" />
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
