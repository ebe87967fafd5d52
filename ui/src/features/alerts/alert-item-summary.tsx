import type { AlertItem } from '@care/events';
import { formatDateTime } from '../../shared/format';
import { alertAboutText, AlertStatusBadge, SeverityBadge } from '../../records/alerts/alert-badges';
import { groupStatusText } from './alert-group';

/**
 * One item of a short alert list (the bell's, the dashboard's Active Alerts): an alert with who it is about, or a
 * group with how many of its members wait for someone. `classPrefix` is the list's own class names.
 */
export function AlertItemSummary({
  item,
  classPrefix,
}: {
  item: AlertItem;
  classPrefix: 'alert-popover' | 'active-alert';
}) {
  const [severity, title, about, at, status] =
    item.kind === 'alert'
      ? [item.alert.severity, item.alert.title, alertAboutText(item.alert), item.alert.createdAt, item.alert.status]
      : [item.group.severity, item.group.title, groupStatusText(item.group), item.group.newestAt, null];
  return (
    <>
      <span className={`${classPrefix}-title`}>{title}</span>
      {about && <span className="small">{about}</span>}
      <span className={`${classPrefix}-meta`}>
        <SeverityBadge severity={severity} />
        {status !== null && status !== 'active' && <AlertStatusBadge status={status} />}
        <time className="muted small" dateTime={at}>
          {item.kind === 'group' ? `Latest ${formatDateTime(at)}` : formatDateTime(at)}
        </time>
      </span>
    </>
  );
}
