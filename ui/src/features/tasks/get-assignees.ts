import { can, type CarerView, type UserView } from '@care/events';
import { useQuery } from '@tanstack/react-query';
import { fullName, useCurrentUser } from '../../shared/current-user';
import { apiGetAll } from '../../shared/paged-list';
import { queryKeys } from '../../shared/query-keys';

export interface Assignee {
  readonly id: string;
  readonly label: string;
}

/**
 * Who a task or an alert can be handed to, from what this role may read: an administrator every active account
 * (GET /api/users), a coordinator the carers with an account (GET /api/carers); everyone themselves, listed first.
 */
export function useAssignees(): { assignees: Assignee[]; isPending: boolean } {
  const user = useCurrentUser();
  const canUsers = can(user.role, 'users.manage');
  const canCarers = !canUsers && can(user.role, 'carers.read');
  const users = useQuery({
    queryKey: [queryKeys.users[0], 'all'] as const,
    queryFn: () => apiGetAll<UserView>(queryKeys.users[0]),
    enabled: canUsers,
  });
  const carers = useQuery({
    queryKey: queryKeys.allCarers,
    queryFn: () => apiGetAll<CarerView>('/api/carers'),
    enabled: canCarers,
  });
  const others: Assignee[] = canUsers
    ? (users.data ?? [])
        .filter((account) => account.isActive && account.id !== user.id)
        .map((account) => ({ id: account.id, label: `${fullName(account)} (${account.role})` }))
    : (carers.data ?? [])
        .filter((carer): carer is CarerView & { userId: string } => carer.userId !== null && carer.userId !== user.id)
        .map((carer) => ({ id: carer.userId, label: `${fullName(carer.user)} (carer)` }));
  others.sort((a, b) => a.label.localeCompare(b.label, 'en-GB'));
  return {
    assignees: [{ id: user.id, label: `Me (${fullName(user)})` }, ...others],
    isPending: (canUsers && users.isPending) || (canCarers && carers.isPending),
  };
}
