import type { UserView } from '@care/events';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../shared/api';
import { queryKeys } from '../../shared/query-keys';

/** GET /api/users (admin): every account, active or not. */
export const usersQueryOptions = queryOptions({
  queryKey: queryKeys.users,
  queryFn: () => apiGet<UserView[]>('/api/users'),
});
