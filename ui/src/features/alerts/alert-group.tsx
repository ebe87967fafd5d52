import { can, type AlertGroupView, type AlertView } from '@care/events';
import { Link } from '@tanstack/react-router';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { useId, useState } from 'react';
import { useCurrentUser } from '../../shared/current-user';
import { formatDateTime } from '../../shared/format';
import { ListLoadError, ListLoading, LoadMore } from '../../shared/list-states';
import { usePagedList } from '../../shared/paged-list';
import { ALERTS_PATH } from '../../records/alerts/get-alerts';
import { useAcknowledgeGroup } from './acknowledge-group';
import './alert-group.css';

/** "2 of 12 not acknowledged", or "All 12 acknowledged". */
export function groupStatusText(group: Pick<AlertGroupView, 'members' | 'unacknowledged'>): string {
  if (group.unacknowledged === 0) return group.members === 1 ? 'Acknowledged' : `All ${group.members} acknowledged`;
  return `${group.unacknowledged} of ${group.members} not acknowledged`;
}

/** Where a member's own record is read: the screen that lists it. */
export function alertRecordLink(alert: Pick<AlertView, 'relatedKind' | 'carerName'>): {
  to: '/finance' | '/carers' | '/training' | '/care-plans' | '/visits' | '/incidents';
  search?: { search: string };
  label: string;
} {
  switch (alert.relatedKind) {
    case 'invoice':
    case 'contract':
    case 'payroll':
      return { to: '/finance', label: 'Open Finance' };
    case 'training':
      return alert.carerName
        ? { to: '/carers', search: { search: alert.carerName }, label: `Open ${alert.carerName}` }
        : { to: '/training', label: 'Open Training' };
    case 'care_plan':
      return { to: '/care-plans', label: 'Open Care Plans' };
    case 'incident':
      return { to: '/incidents', label: 'Open Incidents' };
    default:
      return { to: '/visits', label: 'Open Visits' };
  }
}

/** A group's disclosure: whether its members are shown, and the id of the element that shows them. */
export function useGroupDisclosure() {
  const [open, setOpen] = useState(false);
  return { open, toggle: () => setOpen((value) => !value), membersId: useId() };
}

/** "Show the 12 alerts" / "Hide the alerts": opens the members under the group's row. */
export function GroupToggle({
  group,
  open,
  onToggle,
  membersId,
}: {
  group: AlertGroupView;
  open: boolean;
  onToggle: () => void;
  membersId: string;
}) {
  return (
    <button
      type="button"
      className="button button-ghost button-small alert-group-toggle"
      aria-expanded={open}
      aria-controls={membersId}
      onClick={onToggle}
    >
      {open ? <ChevronDown size={16} aria-hidden /> : <ChevronRight size={16} aria-hidden />}
      {open ? 'Hide the alerts' : group.members === 1 ? 'Show the alert' : `Show the ${group.members} alerts`}
    </button>
  );
}

/** Acknowledges every member nobody has acknowledged yet (alerts.manage), each on its own alert. */
export function AcknowledgeGroupButton({ group }: { group: AlertGroupView }) {
  const canManage = can(useCurrentUser().role, 'alerts.manage');
  const acknowledge = useAcknowledgeGroup();
  if (!canManage || group.unacknowledged === 0) return null;
  return (
    <button
      type="button"
      className="button button-small button-primary"
      aria-label={`Acknowledge all: ${group.title}`}
      disabled={acknowledge.isPending}
      onClick={() => acknowledge.mutate({ group })}
    >
      Acknowledge all
    </button>
  );
}

/** The open members of a group, each with what it is about and a link to its record, paged on the server. */
export function AlertGroupMembers({ group, id }: { group: AlertGroupView; id: string }) {
  const members = usePagedList<AlertView>(ALERTS_PATH, { group: group.key, active: 'true', sort: 'severity' });
  return (
    <div id={id} className="alert-group-members" data-testid="alert-group-members">
      {members.isPending ? (
        <ListLoading what="alerts" />
      ) : members.isError ? (
        <ListLoadError what="alerts" error={members.error} onRetry={() => void members.refetch()} />
      ) : (
        <>
          <ul aria-label={group.title}>
            {members.items.map((alert) => {
              const link = alertRecordLink(alert);
              return (
                <li key={alert.id} className="alert-group-member">
                  <span className="alert-cell-title">{alert.title}</span>
                  <span className="small">{alert.description}</span>
                  <span className="alert-group-member-meta muted small">
                    {alert.status === 'acknowledged' ? 'Acknowledged' : 'Not acknowledged'} · raised{' '}
                    <time dateTime={alert.createdAt}>{formatDateTime(alert.createdAt)}</time>
                  </span>
                  <Link to={link.to} search={link.search} className="small">
                    {link.label}
                  </Link>
                </li>
              );
            })}
          </ul>
          <LoadMore
            shown={members.items.length}
            total={members.total}
            hasMore={members.hasNextPage}
            loading={members.isFetchingNextPage}
            onLoadMore={() => void members.fetchNextPage()}
          />
        </>
      )}
    </div>
  );
}
