import {
  ROLE_LABELS,
  STAFF_ROLES,
  USER_SORTS,
  type ListOrder,
  type Role,
  type UserSort,
  type UserView,
} from '@care/events';
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { KeyRound, UserCheck, UserX } from 'lucide-react';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '../../shared/confirm-dialog';
import { fullName } from '../../shared/current-user';
import { formatDateTime } from '../../shared/format';
import { UserAvatar } from '../../shared/layout/user-avatar';
import { useChangeUserRole } from './change-user-role';
import { useDeactivateUser } from './deactivate-user';
import { useIssuePasswordReset } from './issue-password-reset';
import { PasswordResetLinkDialog } from './password-reset-link-dialog';
import { useReactivateUser } from './reactivate-user';
import { SortableHeader } from '../../shared/sortable-header';
import { SelectOptions } from '../../shared/select-options';
import { serverSorting } from '../../shared/server-sorting';

/**
 * The accounts loaded so far, in the order the server sorted the whole list: a header asks the server for that
 * order (sorting only the rows on screen would put a later page's account in the wrong place).
 */
export function UsersTable({
  users,
  currentUserId,
  order,
  onOrderChange,
}: {
  users: UserView[];
  currentUserId: string;
  order: ListOrder<UserSort>;
  onOrderChange: (order: ListOrder<UserSort>) => void;
}) {
  const changeRole = useChangeUserRole();
  const deactivate = useDeactivateUser();
  const reactivate = useReactivateUser();
  const issueReset = useIssuePasswordReset();
  /** The account whose deactivation is being asked about. */
  const [deactivating, setDeactivating] = useState<UserView>();

  const columns = useMemo<ColumnDef<UserView>[]>(
    () => [
      {
        id: 'name',
        header: 'Name',
        // Surname first, as lists of people are read (the server sorts by it).
        accessorFn: (user) => `${user.lastName} ${user.firstName}`,
        cell: ({ row }) => (
          <span className="user-cell">
            <UserAvatar user={row.original} />
            <span className="user-cell-text">
              <span className="user-cell-name">{fullName(row.original)}</span>
              {row.original.id === currentUserId && <span className="badge badge-muted">You</span>}
            </span>
          </span>
        ),
      },
      {
        id: 'email',
        header: 'Email',
        accessorFn: (user) => user.email.toLocaleLowerCase('en-GB'),
        cell: ({ row }) => row.original.email,
      },
      {
        id: 'role',
        header: 'Role',
        accessorFn: (user) => ROLE_LABELS[user.role],
        cell: ({ row }) => {
          const user = row.original;
          const name = fullName(user);
          // The acting admin cannot change their own role (the server refuses it too).
          // A family account's role comes from its invitation and is never changed here.
          if (user.id === currentUserId || user.role === 'family') return ROLE_LABELS[user.role];
          const pending = changeRole.isPending && changeRole.variables?.id === user.id;
          return (
            <select
              className="input input-compact"
              aria-label={`Role for ${name}`}
              value={pending && changeRole.variables ? changeRole.variables.role : user.role}
              disabled={pending}
              onChange={(event) =>
                changeRole.mutate({ id: user.id, revision: user.revision, role: event.target.value as Role })
              }
            >
              <SelectOptions values={STAFF_ROLES} label={(role) => ROLE_LABELS[role]} />
            </select>
          );
        },
      },
      {
        id: 'status',
        header: 'Status',
        accessorFn: (user) => (user.isActive ? 'Active' : 'Inactive'),
        cell: ({ row }) => (
          <span className={`badge ${row.original.isActive ? 'badge-success' : 'badge-muted'}`}>
            {row.original.isActive ? 'Active' : 'Inactive'}
          </span>
        ),
      },
      {
        id: 'lastSignIn',
        header: 'Last sign-in',
        // Newest first on the first click; never signed in goes last either way (on the server).
        accessorFn: (user) => user.lastSignInAt ?? undefined,
        sortDescFirst: true,
        cell: ({ row }) =>
          row.original.lastSignInAt ? (
            <time dateTime={row.original.lastSignInAt}>{formatDateTime(row.original.lastSignInAt)}</time>
          ) : (
            <span className="muted">Never</span>
          ),
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">Actions</span>,
        enableSorting: false,
        cell: ({ row }) => {
          const user = row.original;
          const name = fullName(user);
          const self = user.id === currentUserId;
          const resetting = issueReset.isPending && issueReset.variables?.id === user.id;
          const switching =
            (deactivate.isPending && deactivate.variables?.id === user.id) ||
            (reactivate.isPending && reactivate.variables?.id === user.id);
          return (
            <div className="row-actions">
              <button
                type="button"
                className="button button-secondary button-small button-icon-only"
                disabled={resetting || !user.isActive}
                onClick={() => issueReset.mutate({ id: user.id, name })}
                title="Reset password"
              >
                <KeyRound size={14} aria-hidden />
                <span className="sr-only">Reset password for {name}</span>
              </button>
              {/* The acting admin cannot deactivate their own account (the server refuses it too). */}
              {!self &&
                (user.isActive ? (
                  <button
                    type="button"
                    className="button button-danger-outline button-small button-icon-only"
                    disabled={switching}
                    title="Deactivate"
                    onClick={() => setDeactivating(user)}
                  >
                    <UserX size={14} aria-hidden />
                    <span className="sr-only">Deactivate {name}</span>
                  </button>
                ) : (
                  <button
                    type="button"
                    className="button button-secondary button-small button-icon-only"
                    disabled={switching}
                    title="Reactivate"
                    onClick={() => reactivate.mutate({ id: user.id, revision: user.revision, name })}
                  >
                    <UserCheck size={14} aria-hidden />
                    <span className="sr-only">Reactivate {name}</span>
                  </button>
                ))}
            </div>
          );
        },
      },
    ],
    [currentUserId, changeRole, deactivate, reactivate, issueReset],
  );

  const table = useReactTable({
    data: users,
    columns,
    ...serverSorting(order, USER_SORTS, onOrderChange),
    getCoreRowModel: getCoreRowModel(),
    getRowId: (user) => user.id,
  });

  return (
    <div className="table-wrap">
      <PasswordResetLinkDialog
        reply={
          issueReset.data && issueReset.variables
            ? { link: issueReset.data, name: issueReset.variables.name }
            : undefined
        }
        onClose={() => issueReset.reset()}
      />
      <ConfirmDialog
        open={deactivating !== undefined}
        onOpenChange={(open) => !open && setDeactivating(undefined)}
        title={`Deactivate ${deactivating ? fullName(deactivating) : ''}?`}
        confirmLabel="Deactivate account"
        onConfirm={() =>
          deactivating &&
          deactivate.mutate({ id: deactivating.id, revision: deactivating.revision, name: fullName(deactivating) })
        }
      >
        <p>They can no longer sign in, and every session they have open ends at once. You can reactivate them later.</p>
      </ConfirmDialog>
      <table className="data-table users-table pin-last-column" data-testid="users-table">
        <caption className="sr-only">Users, sortable by the column headers</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <SortableHeader key={header.id} header={header} />
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr
              key={row.id}
              data-testid="user-row"
              data-email={row.original.email}
              className={row.original.isActive ? undefined : 'row-inactive'}
            >
              {row.getVisibleCells().map((cell) => (
                <td
                  key={cell.id}
                  data-label={
                    typeof cell.column.columnDef.header === 'string' ? cell.column.columnDef.header : undefined
                  }
                >
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
