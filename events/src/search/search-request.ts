import type { SearchKind } from './search-view';

export const SEARCH_KINDS = ['users', 'carers', 'clients'] as const satisfies readonly SearchKind[];
export const SEARCH_KIND_LABELS: Record<SearchKind, string> = { users: 'Users', carers: 'Carers', clients: 'Clients' };

/** Hits per group: the header's list shows a few of each; the record's own screen shows the rest. */
export const SEARCH_DEFAULT_PER_GROUP = 5;
export const SEARCH_MAX_PER_GROUP = 20;
