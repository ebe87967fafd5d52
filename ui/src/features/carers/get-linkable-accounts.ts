import type { CarerAccountView } from '@care/events';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../shared/api';
import { queryKeys } from '../../shared/query-keys';

/** GET /api/carers/linkable-accounts: carer accounts linked to no other carer (admins), for the carer form. */
export const linkableAccountsQueryOptions = (carerId: string) =>
  queryOptions({
    // Under /api/carers: a carer change (a link elsewhere) reloads it with the list.
    queryKey: [...queryKeys.carers, 'linkable-accounts', carerId],
    queryFn: () => apiGet<CarerAccountView[]>(`/api/carers/linkable-accounts?carerId=${encodeURIComponent(carerId)}`),
  });

export const accountLabel = (account: CarerAccountView): string =>
  `${`${account.firstName} ${account.lastName}`.trim()}, ${account.email}`;
