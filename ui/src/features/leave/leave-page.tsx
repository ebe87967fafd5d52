import {
  can,
  cancelLeaveRequestSchema,
  declineLeaveRequestSchema,
  LEAVE_STATUSES,
  TEXT_LIMITS,
  type CarerView,
  type LeaveStatus,
  type LeaveView,
} from '@care/events';
import { useQuery } from '@tanstack/react-query';
import { CalendarOff, Check, Plus, Undo2, X } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useCurrentUser } from '../../shared/current-user';
import { chosenOption, FilterBar, type FilterOption } from '../../shared/filter-bar';
import { formatDateTime } from '../../shared/format';
import { ListLoadError, ListLoading, LoadMore } from '../../shared/list-states';
import { usePagedList } from '../../shared/paged-list';
import { TextCommandDialog } from '../../shared/text-command-dialog';
import { carerFullName } from '../../records/carers/carer-name';
import { carerChoicesQueryOptions } from '../training';
import { ApproveLeaveDialog } from './approve-leave-dialog';
import { useCancelLeave, useDeclineLeave } from './leave-commands';
import {
  leaveActions,
  leaveDatesText,
  LEAVE_KIND_LABELS,
  LEAVE_STATUS_LABELS,
  requesterText,
  type LeaveActions,
} from './leave-labels';
import { LEAVE_PATH } from './leave-queries';
import { RequestLeaveDialog } from './request-leave-dialog';
import './leave.css';

const STATUS_OPTIONS: readonly FilterOption<LeaveStatus>[] = LEAVE_STATUSES.map((status) => ({
  value: status,
  label: LEAVE_STATUS_LABELS[status],
}));

/** An approver cancels with a reason: the cancel schema's reason, made required with the decline's own rule. */
const cancelWithReasonSchema = cancelLeaveRequestSchema.extend({ reason: declineLeaveRequestSchema.shape.reason });

const STATUS_BADGE: Readonly<Record<LeaveStatus, string>> = {
  requested: 'badge leave-badge-pending',
  approved: 'badge badge-success',
  declined: 'badge leave-badge-declined',
  cancelled: 'badge badge-muted',
};

const NO_CARERS: CarerView[] = [];

type Cancelling = { leave: LeaveView; mode: 'withdraw' | 'cancel' };

/** Leave: carers ask for time off, the office decides; the list pages on the server. */
export function LeavePage() {
  const user = useCurrentUser();
  const mayApprove = can(user.role, 'leave.approve');
  const mayRequest = can(user.role, 'leave.request');
  // The office opens on what waits for a decision; a carer on all of their own.
  const [status, setStatus] = useState<LeaveStatus | ''>(mayApprove ? 'requested' : '');
  const [carerId, setCarerId] = useState('');
  const [requesting, setRequesting] = useState(false);
  const [approving, setApproving] = useState<LeaveView>();
  const [declining, setDeclining] = useState<LeaveView>();
  const [cancelling, setCancelling] = useState<Cancelling>();
  const decline = useDeclineLeave();
  const cancel = useCancelLeave(cancelling?.mode === 'withdraw' ? 'Leave request withdrawn' : 'Leave cancelled');

  // Staff read every carer (the carer filter and the request's carer select); a carer reads only their own record.
  const carers = useQuery(carerChoicesQueryOptions);
  const carerList = carers.data ?? NO_CARERS;
  const accountOf = useMemo(() => new Map(carerList.map((carer) => [carer.id, carer.userId])), [carerList]);
  const ownCarers = useMemo(
    () => (mayApprove ? carerList : carerList.filter((carer) => carer.userId === user.id)),
    [carerList, mayApprove, user.id],
  );
  const carerOptions: FilterOption[] = carerList.map((carer: CarerView) => ({
    value: carer.id,
    label: carerFullName(carer),
  }));

  const list = usePagedList<LeaveView>(LEAVE_PATH, { status: status || undefined, carerId: carerId || undefined });
  const viewerOf = (leave: LeaveView) => ({
    userId: user.id,
    mayApprove,
    carerUserId: accountOf.get(leave.carerId),
  });

  return (
    <section className="page leave-page">
      <div className="page-header">
        <div>
          <h1 className="page-title">Leave</h1>
          <p className="page-subtitle">
            {mayApprove ? 'Requests for time off, and the decisions on them.' : 'Your requests for time off.'}
          </p>
        </div>
        {mayRequest && (
          <button type="button" className="button button-primary" onClick={() => setRequesting(true)}>
            <Plus size={16} aria-hidden />
            Request Leave
          </button>
        )}
      </div>

      <FilterBar
        label="Leave filters"
        fields={[
          {
            kind: 'select',
            key: 'status',
            label: 'Status',
            value: status,
            options: STATUS_OPTIONS,
            allLabel: 'All',
            onChange: (chosen: string) => setStatus(chosenOption(STATUS_OPTIONS, chosen)),
          },
          mayApprove && {
            kind: 'select',
            key: 'carer',
            label: 'Carer',
            value: carerId,
            options: carerOptions,
            allLabel: 'All carers',
            onChange: setCarerId,
          },
        ]}
      />

      {/* Who asked and which buttons show depend on the carers' accounts: the rows wait for them too. */}
      {list.isPending || carers.isPending ? (
        <ListLoading what="leave" />
      ) : list.isError ? (
        <ListLoadError what="leave" error={list.error} onRetry={() => void list.refetch()} />
      ) : list.items.length === 0 ? (
        <div className="card empty-state">
          <CalendarOff size={36} aria-hidden className="empty-icon" />
          <p>{status ? `No ${LEAVE_STATUS_LABELS[status].toLowerCase()} leave.` : 'No leave requested yet.'}</p>
        </div>
      ) : (
        <>
          <ul className="leave-list" aria-label="Leave requests">
            {list.items.map((leave) => {
              const viewer = viewerOf(leave);
              return (
                <LeaveItem
                  key={leave.id}
                  leave={leave}
                  requester={requesterText(leave, viewer)}
                  actions={leaveActions(leave, viewer)}
                  onApprove={setApproving}
                  onDecline={setDeclining}
                  onCancel={(mode) => setCancelling({ leave, mode })}
                />
              );
            })}
          </ul>
          <LoadMore
            shown={list.items.length}
            total={list.total}
            hasMore={list.hasNextPage}
            loading={list.isFetchingNextPage}
            onLoadMore={() => void list.fetchNextPage()}
          />
        </>
      )}

      {mayRequest && (
        <RequestLeaveDialog open={requesting} onOpenChange={setRequesting} carers={ownCarers} pickCarer={mayApprove} />
      )}
      <ApproveLeaveDialog leave={approving} onOpenChange={(open) => !open && setApproving(undefined)} />
      <TextCommandDialog
        open={declining !== undefined}
        onOpenChange={(open) => !open && setDeclining(undefined)}
        title="Decline Leave"
        summary={
          declining && `${declining.carerName}: ${LEAVE_KIND_LABELS[declining.kind]}, ${leaveDatesText(declining)}`
        }
        field="reason"
        label="Reason (the carer is told)"
        required
        maxLength={TEXT_LIMITS.shortReason}
        schema={declineLeaveRequestSchema}
        submitLabel="Decline"
        onSubmit={(body) => (declining ? decline.mutateAsync({ leave: declining, body }) : Promise.resolve())}
      />
      <TextCommandDialog
        open={cancelling !== undefined}
        onOpenChange={(open) => !open && setCancelling(undefined)}
        title={cancelling?.mode === 'withdraw' ? 'Withdraw Leave Request' : 'Cancel Leave'}
        summary={
          cancelling &&
          `${cancelling.leave.carerName}: ${LEAVE_KIND_LABELS[cancelling.leave.kind]}, ${leaveDatesText(cancelling.leave)}`
        }
        field="reason"
        label={cancelling?.mode === 'withdraw' ? 'Reason (optional)' : 'Reason'}
        required={cancelling?.mode !== 'withdraw'}
        maxLength={TEXT_LIMITS.shortReason}
        schema={cancelling?.mode === 'withdraw' ? cancelLeaveRequestSchema : cancelWithReasonSchema}
        submitLabel={cancelling?.mode === 'withdraw' ? 'Withdraw request' : 'Cancel leave'}
        onSubmit={(body) => (cancelling ? cancel.mutateAsync({ leave: cancelling.leave, body }) : Promise.resolve())}
      />
    </section>
  );
}

function LeaveItem({
  leave,
  requester,
  actions,
  onApprove,
  onDecline,
  onCancel,
}: {
  leave: LeaveView;
  requester: string;
  actions: LeaveActions;
  onApprove: (leave: LeaveView) => void;
  onDecline: (leave: LeaveView) => void;
  onCancel: (mode: 'withdraw' | 'cancel') => void;
}) {
  const name = leave.carerName || 'Carer no longer listed';
  const what = `${LEAVE_KIND_LABELS[leave.kind]} of ${name}, ${leaveDatesText(leave)}`;
  return (
    <li className="card leave-item" data-testid="leave-item" data-leave-id={leave.id} aria-label={what}>
      <div className="leave-item-head">
        <div>
          <h2 className="leave-carer">{name}</h2>
          <p className="leave-when">
            <span className="leave-kind">{LEAVE_KIND_LABELS[leave.kind]}</span> · {leaveDatesText(leave)}
          </p>
        </div>
        <span className={STATUS_BADGE[leave.status]}>{LEAVE_STATUS_LABELS[leave.status]}</span>
      </div>
      <dl className="details leave-details">
        <div>
          <dt>Asked by</dt>
          <dd>
            {requester} on {formatDateTime(leave.createdAt)}
          </dd>
        </div>
        {leave.note && (
          <div>
            <dt>Note</dt>
            <dd className="leave-text">{leave.note}</dd>
          </div>
        )}
        {leave.reason && (
          <div>
            <dt>{leave.status === 'declined' ? 'Reason declined' : 'Reason cancelled'}</dt>
            <dd className="leave-text">{leave.reason}</dd>
          </div>
        )}
        {leave.unassignedAppointmentIds.length > 0 && (
          <div>
            <dt>Visits unassigned</dt>
            <dd>{leave.unassignedAppointmentIds.length}</dd>
          </div>
        )}
      </dl>
      {(actions.decide || actions.cancel) && (
        <div className="card-actions leave-actions">
          {actions.decide && (
            <>
              <button
                type="button"
                className="button button-primary button-small"
                aria-label={`Approve ${what}`}
                onClick={() => onApprove(leave)}
              >
                <Check size={14} aria-hidden />
                Approve
              </button>
              <button
                type="button"
                className="button button-secondary button-small"
                aria-label={`Decline ${what}`}
                onClick={() => onDecline(leave)}
              >
                <X size={14} aria-hidden />
                Decline
              </button>
            </>
          )}
          {actions.cancel && (
            <button
              type="button"
              className="button button-danger-outline button-small card-action-apart"
              aria-label={`${actions.cancel === 'withdraw' ? 'Withdraw' : 'Cancel'} ${what}`}
              onClick={() => onCancel(actions.cancel ?? 'cancel')}
            >
              <Undo2 size={14} aria-hidden />
              {actions.cancel === 'withdraw' ? 'Withdraw' : 'Cancel'}
            </button>
          )}
        </div>
      )}
    </li>
  );
}
