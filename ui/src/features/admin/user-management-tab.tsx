import { useQuery } from '@tanstack/react-query';
import { Info, Plus, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { errorReason } from '../../shared/api';
import { fullName, useCurrentUser } from '../../shared/current-user';
import { AddUserDialog } from './add-user-dialog';
import type { ListOrder, UserSort } from '@care/events';
import { activeUserCountQueryOptions, useUsersList } from './get-users';
import { LoadMore } from '../../shared/list-states';
import { UsersTable } from './users-table';

export function UserManagementTab() {
  const user = useCurrentUser();
  const [order, setOrder] = useState<ListOrder<UserSort>>({ sort: 'name', direction: 'asc' });
  const users = useUsersList(order);
  const activeCount = useQuery(activeUserCountQueryOptions);
  const [adding, setAdding] = useState(false);

  return (
    <div className="admin-tab">
      <div className="info-card-grid">
        <section className="card info-card" aria-labelledby="admin-access-title" data-testid="admin-access">
          <span className="stat-icon" aria-hidden>
            <ShieldCheck size={20} />
          </span>
          <div>
            <h2 id="admin-access-title" className="card-title">
              Administrator Access <span className="badge badge-success">Active</span>
            </h2>
            <p className="admin-identity">{fullName(user)}</p>
            <p className="muted small">{user.email}</p>
          </div>
        </section>
        <section className="card info-card notice-card" aria-labelledby="admin-only-title">
          <span className="stat-icon" aria-hidden>
            <Info size={20} />
          </span>
          <div>
            <h2 id="admin-only-title" className="card-title">
              Admin-Only Platform
            </h2>
            <p className="muted small">
              Public access is disabled. Only administrators create accounts and choose their roles.
            </p>
          </div>
        </section>
      </div>

      <section className="card admin-card" aria-labelledby="users-title">
        <div className="admin-card-header">
          <div>
            <h2 id="users-title" className="card-title">
              Users
            </h2>
            {users.total !== undefined && activeCount.data !== undefined && (
              <p className="muted small">
                {users.total} {users.total === 1 ? 'account' : 'accounts'}, {activeCount.data} active
              </p>
            )}
          </div>
          <button type="button" className="button button-primary" onClick={() => setAdding(true)}>
            <Plus size={16} aria-hidden />
            Add User
          </button>
        </div>
        {users.isPending ? (
          <p className="muted" role="status">
            Loading users...
          </p>
        ) : users.isError ? (
          <div className="empty-state" role="alert">
            <p>Could not load users: {errorReason(users.error)}</p>
            <button type="button" className="button button-secondary" onClick={() => void users.refetch()}>
              Try again
            </button>
          </div>
        ) : users.items.length === 0 ? (
          <p className="muted">No users found.</p>
        ) : (
          <>
            <UsersTable users={users.items} currentUserId={user.id} order={order} onOrderChange={setOrder} />
            <LoadMore
              shown={users.items.length}
              total={users.total}
              hasMore={users.hasNextPage}
              loading={users.isFetchingNextPage}
              onLoadMore={() => void users.fetchNextPage()}
            />
          </>
        )}
      </section>

      <AddUserDialog open={adding} onOpenChange={setAdding} />
    </div>
  );
}
