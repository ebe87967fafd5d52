/** The kinds of record the header's global search finds (later issues add theirs). */
export type SearchKind = 'users' | 'carers' | 'clients';

/** One record found: what the result list shows and what opening it needs. */
export interface SearchHitView {
  id: string;
  /** The person's name. */
  title: string;
  /** A second line: the email and role, the employee ID and region, the client ID and address. */
  detail: string;
  /** A text that finds exactly this record in its own screen's search (employee ID, client ID, email). */
  key: string;
}

/** The hits of one kind, and how many match in all (the group shows the first few). */
export interface SearchGroupView {
  kind: SearchKind;
  label: string;
  total: number;
  hits: SearchHitView[];
}

/** GET /api/search: one group per kind the caller may read, in a fixed order, empty groups included. */
export interface SearchResultsView {
  query: string;
  groups: SearchGroupView[];
}
