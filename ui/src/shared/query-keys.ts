/**
 * Query keys shared by features, the shell and the live-update socket. By the spec's convention the first
 * element is the URL the default loader reads.
 */
export const queryKeys = {
  /** GET /api/auth/user: who is signed in (the auth gate and the shell). */
  authUser: ['/api/auth/user'] as const,
  carers: ['/api/carers'] as const,
  /** Every carer, read page by page (apiGetAll), for the selects that must offer any carer. */
  allCarers: ['/api/carers', 'all'] as const,
  /** Admin: GET /api/users. */
  users: ['/api/users'] as const,
  /** Admin: GET /api/access-log, the newest 100 entries. */
  accessLog: ['/api/access-log?limit=100'] as const,
};
