/**
 * Query keys shared by features, the shell and the live-update socket. By the project's convention the first
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
  /** Admin: GET /api/access-log, newest first, paged. */
  accessLog: ['/api/access-log'] as const,
  /** GET /api/alerts/count: the bell. Set by the 'alerts:count' push, never reloaded by a list's change notice. */
  alertCount: ['/api/alerts/count'] as const,
  /** GET /api/dashboard/stats: the tiles and blocks. Set by the 'dashboard:stats' push. */
  dashboardStats: ['/api/dashboard/stats'] as const,
  /**
   * The bell's list and the dashboard's Active Alerts: the first open items of the audiences the bell follows, most
   * severe first (a group is one item);
   * 'alerts:new' puts a new alert standing alone on top.
   */
  latestAlerts: ['/api/alert-items?following=true&limit=10'] as const,
};

/** Figures the server pushes itself: a change notice or a reconnect must not make every browser read them. */
export const PUSHED_FIGURE_KEYS: readonly string[] = [queryKeys.alertCount[0], queryKeys.dashboardStats[0]];
