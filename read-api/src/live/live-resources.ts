import type { Permission } from '@care/events';

/**
 * Which pushes a read-model change becomes: projection name → the resources named in the events
 * (`<resource>:changed`, the browser reloads what it shows from `/api/<resource>…`; one read model can feed several
 * paths, as visits feed /api/appointments and /api/monitoring) and the permissions
 * of the sockets that receive it. A user never learns that a list they may not read has changed.
 */
export interface LiveAudience {
  readonly resources: readonly string[];
  /** Whoever holds one of these hears of every change. */
  readonly permissions: readonly Permission[];
  /**
   * Whoever holds this permission and none of `permissions` reads only their own work (a carer: data minimisation,
   * shared/carer-work.ts) and hears only of changes that wrote a record of this kind in it (own-work.ts).
   */
  readonly own?: { readonly permission: Permission; readonly work: OwnWorkKind };
  /**
   * Staff holding `permissions` hear of a change only when it wrote an alert of an audience they read
   * (alert-figures-push.ts noticeRooms): a coordinator never learns that a finance alert moved.
   */
  readonly byAlertAudience?: true;
}

/**
 * The records a carer's work is matched on (own-work.ts): those naming the carer record linked to their account
 * (visits, alerts, shifts, training, leave), those naming their account (tasks assigned to them; entries, notes and
 * incidents they wrote), and those about the clients of their visits around today (shared/carer-work.ts).
 */
export type OwnWorkKind =
  | 'visits'
  | 'clients'
  | 'diary'
  | 'voice-notes'
  | 'alerts'
  | 'shifts'
  | 'training'
  | 'leave'
  | 'tasks'
  | 'incidents'
  | 'care-plans'
  | 'medications';

export const LIVE_RESOURCES: Readonly<Record<string, LiveAudience | readonly LiveAudience[]>> = {
  carers: { resources: ['carers'], permissions: ['carers.read'] },
  // Leave moves the carers list's "on leave today" too. A carer hears of their own leave only (decided, declined).
  leave: [
    { resources: ['leave', 'carers'], permissions: ['leave.read'] },
    { resources: ['leave'], permissions: [], own: { permission: 'leave.readOwn', work: 'leave' } },
  ],
  // A carer's working pattern: the carers screen's dialog, and the rota's weekly hours against each limit.
  working_patterns: { resources: ['carers', 'working-time'], permissions: ['carers.read'] },
  users: { resources: ['users'], permissions: ['users.manage'] },
  access_log: { resources: ['access-log'], permissions: ['admin.panel'] },
  // Whoever reads every visit reads every client (shared/carer-work.ts); a carer, the clients of their work.
  clients: {
    resources: ['clients'],
    permissions: ['appointments.read'],
    own: { permission: 'clients.read', work: 'clients' },
  },
  training: {
    resources: ['training'],
    permissions: ['training.read'],
    own: { permission: 'training.readOwn', work: 'training' },
  },
  diary: { resources: ['diary'], permissions: ['appointments.read'], own: { permission: 'diary.read', work: 'diary' } },
  voice_notes: {
    resources: ['voice-notes'],
    permissions: ['appointments.read'],
    own: { permission: 'diary.read', work: 'voice-notes' },
  },
  feedback: { resources: ['feedback'], permissions: ['feedback.manage'] },
  appointments: [
    {
      // working-time: the rota's weekly hours per carer.
      resources: ['appointments', 'monitoring', 'working-time'],
      permissions: ['appointments.read'],
      own: { permission: 'appointments.readOwn', work: 'visits' },
    },
    // A carer's clients are the clients of their visits: a visit given to them changes that list. Only for
    // carers (who read their own visits), so staff's client lists do not reload on every visit change.
    { resources: ['clients'], permissions: [], own: { permission: 'appointments.readOwn', work: 'visits' } },
  ],
  // A shift decides whether visits are flagged outside the carer's shifts.
  shifts: {
    resources: ['shifts', 'appointments', 'monitoring'],
    permissions: ['appointments.read'],
    own: { permission: 'appointments.readOwn', work: 'shifts' },
  },
  // The figures themselves (alerts:count, dashboard:stats, alerts:new) are pushed per audience by live-push.ts.
  alerts: {
    resources: ['alerts'],
    permissions: ['alerts.read'],
    own: { permission: 'alerts.readOwn', work: 'alerts' },
    byAlertAudience: true,
  },
  // The rules switched off: the settings' Alert rules section and the dashboard's alerts card.
  alert_rule_switches: { resources: ['alert-rules'], permissions: ['alerts.read'] },
  tasks: { resources: ['tasks'], permissions: ['tasks.read'], own: { permission: 'tasks.readOwn', work: 'tasks' } },
  // The agency's details are read by everyone (documents, the emergency screen); the settings form by admins.
  settings: { resources: ['settings'], permissions: ['live.connect'] },
  incidents: {
    resources: ['incidents'],
    permissions: ['incidents.read'],
    own: { permission: 'incidents.readOwn', work: 'incidents' },
  },
  // Reports also follow alerts:changed and training:changed in the browser (their Active Alerts and compliance).
  reports: { resources: ['reports'], permissions: ['reports.read'] },
  report_schedules: { resources: ['report-schedules'], permissions: ['reports.read'] },
  // Not `audit`: the audit screen must not reload on its own pushes, since every record it opens is logged as a
  // view, which changes this read model again. The browser reloads only the "Who viewed what" list on it (live.ts).
  audit: { resources: ['audit-views'], permissions: ['audit.read'] },
  care_plans: {
    resources: ['care-plans'],
    permissions: ['carePlans.read'],
    own: { permission: 'carePlans.readOwn', work: 'care-plans' },
  },
  medications: {
    resources: ['medications', 'medication-records'],
    permissions: ['medications.read'],
    own: { permission: 'medications.readOwn', work: 'medications' },
  },
  // Invoices, payments, funders: the finance screen reloads for those who read it (never carers).
  finance: { resources: ['finance'], permissions: ['finance.read'] },
  // Contracts and exchange rates: the same screen.
  finance_contracts: { resources: ['finance'], permissions: ['finance.read'] },
  // Payroll periods and payslips: the same screen (and a carer's own payslips wait for it too).
  payroll: { resources: ['finance'], permissions: ['finance.read'] },
  bank_holidays: { resources: ['finance'], permissions: ['finance.read'] },
  // The office's family access list on a client's record (GET /api/clients/:id/family).
  family_access: [{ resources: ['clients'], permissions: ['family.read'] }],
  // Family members' concerns and compliments, and the office's replies (the office's list; family sockets are told
  // of a reply by family-live.ts).
  family_concerns: { resources: ['family-concerns'], permissions: ['familyConcerns.read'] },
};

/** The audiences a projection's change is pushed to: one or several (resources, permissions) pairs. */
export const audiencesOf = (projection: string): readonly LiveAudience[] => {
  const live = LIVE_RESOURCES[projection];
  return live === undefined ? [] : 'resources' in live ? [live] : live;
};

/** The socket.io room of every socket whose user holds the permission. */
export const permissionRoom = (permission: Permission): string => `permission:${permission}`;

/**
 * The projections a GET path reads, from the table above (`/api/<resource>…`); undefined (every projection) for a
 * path no projection is listed for.
 */
export function projectionsReadBy(path: string): readonly string[] | undefined {
  const resource = path.split('/')[2];
  if (!resource) return undefined;
  const names = Object.keys(LIVE_RESOURCES).filter((name) =>
    audiencesOf(name).some((audience) => audience.resources.includes(resource)),
  );
  return names.length > 0 ? names : undefined;
}
