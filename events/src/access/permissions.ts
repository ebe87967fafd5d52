import type { Role } from '../enums';

/** The roles a permission row names; the auditor's column is derived (below), never written by hand. */
type NamedRole = Exclude<Role, 'auditor'>;

/**
 * The permission matrix (docs/features/accounts-and-roles.md, "Roles and permissions"). The command API, the read API and the
 * socket.io handshake all decide with `can`; the UI uses it only to hide what would be refused.
 * Later features add their rows here, so the whole policy stays in one table.
 */
const MATRIX = {
  'users.manage': {
    roles: ['admin'],
    description: 'List users, add a user, change a role, deactivate, reactivate, issue a password reset',
  },
  'admin.panel': { roles: ['admin'], description: 'Open the admin panel and read the access log' },
  'carers.read': { roles: ['admin', 'coordinator'], description: 'Read every carer record' },
  'carers.readOwn': { roles: ['carer'], description: 'Read only the carer record linked to their own account' },
  'carers.write': { roles: ['admin', 'coordinator'], description: 'Add, edit, deactivate and delete carers' },
  'live.connect': {
    roles: ['admin', 'coordinator', 'carer'],
    description: 'Open the live socket (figures are filtered by the permissions above)',
  },
  'clients.read': {
    roles: ['admin', 'coordinator', 'carer'],
    description: 'Read client records (carers need them for visits and diary notes)',
  },
  'clients.write': {
    roles: ['admin', 'coordinator'],
    description: 'Add, edit, deactivate, reactivate and delete clients; assign keyworkers and preferred carers',
  },
  'training.read': {
    roles: ['admin', 'coordinator'],
    description: 'Read every training record and the compliance figures',
  },
  'training.readOwn': { roles: ['carer'], description: 'Read only the training records of their own carer record' },
  'training.write': {
    roles: ['admin', 'coordinator'],
    description: 'Record, update, renew and remove training records',
  },
  'leave.request': {
    roles: ['admin', 'coordinator', 'carer'],
    description: 'Request leave (a carer only for themselves) and cancel a request they made while it waits',
  },
  'leave.read': { roles: ['admin', 'coordinator'], description: "Read every carer's leave" },
  'leave.readOwn': { roles: ['carer'], description: 'Read only the leave of their own carer record' },
  'leave.approve': {
    roles: ['admin', 'coordinator'],
    description: 'Approve, decline and cancel leave (never their own, nor a request they made)',
  },
  'leave.override': {
    roles: ['admin'],
    description: 'Assign a visit to a carer on approved leave, giving a reason',
  },
  'diary.read': {
    roles: ['admin', 'coordinator', 'carer'],
    description: 'Read diary entries and voice notes (confidential and private ones: see the next row)',
  },
  'diary.readConfidential': {
    roles: ['admin', 'coordinator'],
    description: 'Read every confidential diary entry and private voice note (others see only the ones they wrote)',
  },
  'diary.write': {
    roles: ['admin', 'coordinator', 'carer'],
    description: 'Add diary entries and record voice notes; amend the entries they wrote',
  },
  'diary.review': {
    roles: ['admin', 'coordinator'],
    description: "Mark diary entries reviewed and amend anyone's entry",
  },
  'feedback.submit': {
    roles: ['admin', 'coordinator', 'carer'],
    description: 'Send feedback from the feedback widget',
  },
  'feedback.manage': { roles: ['admin'], description: 'Read all feedback and set its status and admin notes' },
  'appointments.read': {
    roles: ['admin', 'coordinator'],
    description: 'Read every appointment and visit, the rota, the daily schedule, visit tracking and care monitoring',
  },
  'appointments.readOwn': {
    roles: ['carer'],
    description: 'Read only the visits and shifts of their own carer record',
  },
  'appointments.write': {
    roles: ['admin', 'coordinator'],
    description: 'Schedule (also weekly patterns), assign, reschedule, change, cancel appointments and mark no-shows',
  },
  'visits.record': {
    roles: ['admin', 'coordinator', 'carer'],
    description: 'Check in to and out of a visit (a carer only their own visits)',
  },
  'visits.amend': {
    roles: ['admin', 'coordinator'],
    description: 'Amend a completed visit (the original stays in the history)',
  },
  'shifts.write': { roles: ['admin', 'coordinator'], description: 'Plan, change and cancel rota shifts' },
  'alerts.read': {
    roles: ['admin', 'coordinator'],
    description: 'Read every alert, its count and the dashboard figures',
  },
  'alerts.readOwn': {
    roles: ['carer'],
    description: 'Read only the alerts about their own visits and training (and their count)',
  },
  'financeAlerts.read': {
    roles: ['admin'],
    description:
      'Read the finance alerts (overdue invoices, contracts due for renewal, pay below the minimum wage) in the lists and the bell',
  },
  'alerts.manage': {
    roles: ['admin', 'coordinator'],
    description:
      'Acknowledge, assign, escalate, snooze, resolve and reopen alerts; make a follow-up task from an alert',
  },
  'tasks.read': { roles: ['admin', 'coordinator'], description: "Read everyone's to-do tasks" },
  'tasks.readOwn': { roles: ['admin', 'coordinator', 'carer'], description: 'Read the to-do tasks assigned to them' },
  'tasks.work': {
    roles: ['admin', 'coordinator', 'carer'],
    description: 'Start and complete the tasks assigned to them (managers: any task)',
  },
  'tasks.write': { roles: ['admin', 'coordinator'], description: 'Create, change, assign, cancel and reopen tasks' },
  'carePlans.read': {
    roles: ['admin', 'coordinator'],
    description: 'Read every care plan, its versions, reviews and the templates',
  },
  'carePlans.readOwn': {
    roles: ['carer'],
    description: 'Read the care plan in use (active or under review) of the clients on their visits',
  },
  'carePlans.write': {
    roles: ['admin', 'coordinator'],
    description: 'Create and update care plans, record agreement, schedule and record reviews, change their status',
  },
  'carePlans.templates': { roles: ['admin'], description: 'Add and edit care plan templates' },
  'incidents.report': {
    roles: ['admin', 'coordinator', 'carer'],
    description: 'Report an incident (a carer: also from their own visit or diary entry)',
  },
  'incidents.read': {
    roles: ['admin', 'coordinator'],
    description: 'Read every incident, its timeline, the figures and the reports',
  },
  'incidents.readOwn': {
    roles: ['carer'],
    description: 'Read only the incidents they reported or that name their own carer record',
  },
  'incidents.manage': {
    roles: ['admin', 'coordinator'],
    description:
      'Investigate, add notes, amend, escalate, resolve, close and reopen incidents; record statutory duties and safeguarding referrals',
  },
  'medications.read': {
    roles: ['admin', 'coordinator'],
    description: 'Read every prescription, medication record, MAR chart and the adherence figures',
  },
  'medications.readOwn': {
    roles: ['carer'],
    description: 'Read the prescriptions and medication records of the clients on their own visits',
  },
  'medications.prescribe': {
    roles: ['admin', 'coordinator'],
    description:
      'Prescribe, change, pause, resume and discontinue medicines; amend medication records; mark doses as missed',
  },
  'medications.administer': {
    roles: ['admin', 'coordinator', 'carer'],
    description: 'Record the outcome of a dose (a carer only for the client of their own visit)',
  },
  'medications.reference': { roles: ['admin'], description: 'Add medicines to the reference database' },
  'medications.codes': {
    roles: ['admin'],
    description: "Add codes to the MAR chart's key and withdraw the codes added",
  },
  'emergencies.raise': {
    roles: ['admin', 'coordinator', 'carer'],
    description:
      "Open the emergency screen (999, the on-call number, their visit's client's emergency contacts) and raise an emergency",
  },
  'audit.read': {
    roles: ['admin'],
    description:
      "Open the audit screen: any record's history, the record or client file as of an instant, who viewed what",
  },
  'audit.verify': {
    roles: ['admin'],
    description: "Verify the event log's hash chain and read its digest in the admin panel",
  },
  'subjectAccess.export': {
    roles: ['admin'],
    description:
      "Export a client's or carer's whole record on their request (subject access): recorded, then JSON and PDF",
  },
  'reports.read': {
    roles: ['admin', 'coordinator'],
    description: 'Read Reports & Analytics and export them as PDF and CSV; download scheduled reports',
  },
  'reports.schedule': {
    roles: ['admin', 'coordinator'],
    description:
      'Schedule weekly or monthly reports and pause, resume or delete their own schedules (admins: any schedule)',
  },
  'finance.read': {
    roles: ['admin', 'coordinator'],
    description:
      'Read the finance screen: funders and rates, invoices, payments, credit notes, payroll, contracts and financial reports',
  },
  'finance.manage': {
    roles: ['admin'],
    description:
      'Set funders, rates and client funding; generate, send and correct invoices; record payments; process payroll; manage contracts',
  },
  'payslips.readOwn': { roles: ['carer'], description: 'Read only the payslips of their own carer record' },
  'destruction.read': {
    roles: ['admin'],
    description:
      "Read proposals to destroy a person's records after their retention period, and the destruction certificates",
  },
  'destruction.manage': {
    roles: ['admin'],
    description:
      "Propose the destruction of a client's or carer's records past their retention period, and approve or reject another administrator's proposal",
  },
  'family.read': {
    roles: ['admin', 'coordinator'],
    description:
      "Read a client's family access list: who was invited, who has access and since when, who was withdrawn",
  },
  'family.invite': {
    roles: ['admin', 'coordinator'],
    description:
      "Invite a client, a relative or an attorney to the family portal and withdraw a family member's access",
  },
  'familyConcerns.read': {
    roles: ['admin', 'coordinator'],
    description: "Read the concerns and compliments family members sent about their clients, and the office's replies",
  },
  'familyConcerns.reply': {
    roles: ['admin', 'coordinator'],
    description: "Reply to a family member's concern or compliment (the reply resolves its alert)",
  },
  // The only permission a family account holds; no other row may name the family role (a unit test checks it).
  'family.portal': {
    roles: ['family'],
    description: 'Read the family portal: only what is shared with them about the clients they have active access to',
  },
} as const satisfies Record<string, { roles: readonly NamedRole[]; description: string }>;

export type Permission = keyof typeof MATRIX;

/**
 * What an auditor holds, derived from the permission's name: every `*.read` (every record, whoever adds the
 * row), confidential diary entries, the audit screen and the live socket, and nothing that writes. A feature that adds
 * `medications.read` gives it to auditors without touching this file's auditor logic.
 */
// live.connect: an auditor's screens follow the record as it changes (the bell, the lists, who viewed what), and
// every push is filtered by the read permissions above, which an auditor holds anyway.
const AUDITOR_EXTRAS: readonly string[] = ['diary.readConfidential', 'audit.read', 'live.connect'];
export function auditorHolds(permission: string): boolean {
  return permission.endsWith('.read') || AUDITOR_EXTRAS.includes(permission);
}

export const PERMISSIONS = Object.fromEntries(
  Object.entries(MATRIX).map(([permission, rule]) => [
    permission,
    { description: rule.description, roles: auditorHolds(permission) ? [...rule.roles, 'auditor'] : [...rule.roles] },
  ]),
) as unknown as { readonly [P in Permission]: { readonly roles: readonly Role[]; readonly description: string } };

export function can(role: Role, permission: Permission): boolean {
  return (PERMISSIONS[permission].roles as readonly Role[]).includes(role);
}
