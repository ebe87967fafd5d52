import { z } from 'zod';
import type { Expect, Same } from '../api/same-type';
import { SEARCH_KINDS } from './search-request';
import type { SearchResultsView } from './search-view';

export const searchResultsViewSchema = z.strictObject({
  query: z.string(),
  groups: z.array(
    z.strictObject({
      kind: z.enum(SEARCH_KINDS),
      label: z.string(),
      total: z.int().min(0),
      hits: z.array(z.strictObject({ id: z.uuid(), title: z.string(), detail: z.string(), key: z.string() })),
    }),
  ),
});

export type SearchViewSchemaMatches = Expect<Same<z.infer<typeof searchResultsViewSchema>, SearchResultsView>>;
