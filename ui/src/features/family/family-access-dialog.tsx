import {
  can,
  FAMILY_RELATIONSHIP_LABELS,
  withdrawFamilyAccessRequestSchema,
  TEXT_LIMITS,
  type FamilyAccessStatus,
  type FamilyAccessView,
} from '@care/events';
import { useQueryClient } from '@tanstack/react-query';
import { UserPlus, UsersRound } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { apiSend } from '../../shared/api';
import { useCurrentUser } from '../../shared/current-user';
import { FormDialog } from '../../shared/form-dialog';
import { Field, fieldAria } from '../../shared/form-field';
import { serverFormErrors } from '../../shared/form-errors';
import { formatDateTime } from '../../shared/format';
import { ListLoadError, ListLoading, LoadMore } from '../../shared/list-states';
import { usePagedList } from '../../shared/paged-list';
import { BackableFooter } from './backable-footer';
import { InviteFamilyForm } from './invite-family-form';
import './family.css';

const STATUS_LABELS: Record<FamilyAccessStatus, string> = {
  invited: 'Invited',
  active: 'Active',
  withdrawn: 'Withdrawn',
};
const STATUS_BADGES: Record<FamilyAccessStatus, string> = {
  invited: 'family-badge-invited',
  active: 'badge-success',
  withdrawn: 'badge-muted',
};

interface FamilyAccessProps {
  readonly clientId: string;
  /** The client's name, in the button's accessible name and the dialog's title. */
  readonly name: string;
}

type View = { kind: 'list' } | { kind: 'invite' } | { kind: 'withdraw'; access: FamilyAccessView };

/** The list's address: a command's invalidation of the clients and the clients push reload it. */
export const familyAccessPath = (clientId: string) => `/api/clients/${encodeURIComponent(clientId)}/family`;

/**
 * "Family access" on a client's card (administrators, coordinators and auditors): who has, had or was offered access
 * to the client's family portal; the office invites and withdraws from here (docs/features/family-portal.md).
 */
export function FamilyAccessButton({ clientId, name }: FamilyAccessProps) {
  const [open, setOpen] = useState(false);
  if (!can(useCurrentUser().role, 'family.read')) return null;
  return (
    <>
      <button
        type="button"
        className="button button-secondary button-small"
        aria-label={`Family access for ${name}`}
        onClick={() => setOpen(true)}
      >
        <UsersRound size={14} aria-hidden />
        Family access
      </button>
      <FormDialog open={open} onOpenChange={setOpen} title={`Family access: ${name}`}>
        {open && <FamilyAccessPanel clientId={clientId} name={name} />}
      </FormDialog>
    </>
  );
}

function FamilyAccessPanel({ clientId, name }: FamilyAccessProps) {
  const [view, setView] = useState<View>({ kind: 'list' });
  const canInvite = can(useCurrentUser().role, 'family.invite');
  const queryClient = useQueryClient();
  const reload = async () => {
    await queryClient.invalidateQueries({ queryKey: [familyAccessPath(clientId)] });
    setView({ kind: 'list' });
  };
  if (view.kind === 'invite') {
    return (
      <InviteFamilyForm clientId={clientId} name={name} onDone={reload} onCancel={() => setView({ kind: 'list' })} />
    );
  }
  if (view.kind === 'withdraw') {
    return <WithdrawForm access={view.access} onDone={reload} onCancel={() => setView({ kind: 'list' })} />;
  }
  return (
    <FamilyAccessList
      clientId={clientId}
      canInvite={canInvite}
      onInvite={() => setView({ kind: 'invite' })}
      onWithdraw={(access) => setView({ kind: 'withdraw', access })}
    />
  );
}

function FamilyAccessList({
  clientId,
  canInvite,
  onInvite,
  onWithdraw,
}: {
  clientId: string;
  canInvite: boolean;
  onInvite: () => void;
  onWithdraw: (access: FamilyAccessView) => void;
}) {
  const list = usePagedList<FamilyAccessView>(familyAccessPath(clientId), {});
  return (
    <div className="family-access">
      {canInvite && (
        <div className="family-access-toolbar">
          <button type="button" className="button button-primary" onClick={onInvite}>
            <UserPlus size={16} aria-hidden />
            Invite family member
          </button>
        </div>
      )}
      {list.isPending ? (
        <ListLoading what="family access" />
      ) : list.isError ? (
        <ListLoadError what="family access" error={list.error} onRetry={() => void list.refetch()} />
      ) : list.items.length === 0 ? (
        <p className="muted">Nobody has been invited to this client's family portal yet.</p>
      ) : (
        <>
          <ul className="family-access-list" aria-label="Family members">
            {list.items.map((access) => (
              <li key={access.accessId} className="family-access-row">
                <div>
                  <p className="family-access-name">
                    {access.name}{' '}
                    <span className={`badge ${STATUS_BADGES[access.status]}`}>{STATUS_LABELS[access.status]}</span>
                  </p>
                  <p className="small muted">
                    {FAMILY_RELATIONSHIP_LABELS[access.relationship]} · {access.email}
                    {access.shareMedications ? ' · sees the medication summary' : ''}
                  </p>
                  <p className="small muted">{accessDates(access)}</p>
                  {access.withdrawnReason && <p className="small muted">Reason: {access.withdrawnReason}</p>}
                </div>
                {canInvite && access.status !== 'withdrawn' && (
                  <button
                    type="button"
                    className="button button-danger-outline button-small"
                    aria-label={`Withdraw access for ${access.name}`}
                    onClick={() => onWithdraw(access)}
                  >
                    Withdraw access
                  </button>
                )}
              </li>
            ))}
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
    </div>
  );
}

function accessDates(access: FamilyAccessView): string {
  const parts = [`Invited ${formatDateTime(access.invitedAt)}`];
  if (access.acceptedAt) parts.push(`active since ${formatDateTime(access.acceptedAt)}`);
  if (access.withdrawnAt) parts.push(`withdrawn ${formatDateTime(access.withdrawnAt)}`);
  return parts.join(', ');
}

function WithdrawForm({
  access,
  onDone,
  onCancel,
}: {
  access: FamilyAccessView;
  onDone: () => Promise<void>;
  onCancel: () => void;
}) {
  const id = `${useId()}-reason`;
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const check = withdrawFamilyAccessRequestSchema.safeParse({ reason });
    if (!check.success) {
      setError(check.error.issues[0]?.message);
      document.getElementById(id)?.focus();
      return;
    }
    setBusy(true);
    try {
      await apiSend('POST', `/api/family-access/${encodeURIComponent(access.accessId)}/withdraw`, { reason });
      await onDone();
    } catch (failure) {
      const found = serverFormErrors(failure, ['reason'] as const);
      setError(found.fieldErrors.reason);
      setFormError(found.formError);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <p className="small dialog-summary">
        {access.name} loses access to this client's family portal. If it is their last access, they are signed out at
        once and can no longer sign in.
      </p>
      <Field id={id} label="Reason" required error={error}>
        <textarea
          id={id}
          className="input"
          rows={3}
          maxLength={TEXT_LIMITS.shortReason}
          value={reason}
          {...fieldAria(id, error)}
          onChange={(event) => {
            setReason(event.target.value);
            setError(undefined);
          }}
        />
      </Field>
      <BackableFooter
        formError={formError}
        submitLabel={busy ? 'Withdrawing...' : 'Withdraw access'}
        busy={busy}
        onCancel={onCancel}
      />
    </form>
  );
}
