import { z } from 'zod';
import {
  acknowledgeAlertGroupRequestSchema,
  acknowledgeAlertRequestSchema,
  destructionApprovedReplySchema,
  proposeDestructionRequestSchema,
  rejectDestructionRequestSchema,
  agreeCarePlanRequestSchema,
  changeCarePlanStatusRequestSchema,
  changeCarePlanTemplateRequestSchema,
  createCarePlanRequestSchema,
  createCarePlanTemplateRequestSchema,
  recordCarePlanReviewRequestSchema,
  scheduleCarePlanReviewRequestSchema,
  updateCarePlanRequestSchema,
  alertTaskRequestSchema,
  amendDiaryEntryRequestSchema,
  amendVisitRequestSchema,
  assignCarerRequestSchema,
  assignKeyworkerRequestSchema,
  assignRequestSchema,
  cancelAppointmentRequestSchema,
  cancelShiftRequestSchema,
  changeAppointmentRequestSchema,
  changeRoleRequestSchema,
  changeShiftRequestSchema,
  checkInRequestSchema,
  checkOutRequestSchema,
  completeTaskRequestSchema,
  createCarerRequestSchema,
  createClientRequestSchema,
  createDiaryEntryRequestSchema,
  createFeedbackRequestSchema,
  addBankHolidayRequestSchema,
  addFunderRequestSchema,
  processPayrollReplySchema,
  processPayrollRequestSchema,
  sendPayslipReplySchema,
  sendInvoiceReplySchema,
  setLivingWageRequestSchema,
  setPayrollPolicyRequestSchema,
  removeBankHolidayRequestSchema,
  generateInvoicesReplySchema,
  generateInvoicesRequestSchema,
  issueCreditNoteRequestSchema,
  editInvoiceDraftRequestSchema,
  markInvoiceSentRequestSchema,
  createContractRequestSchema,
  renewContractRequestSchema,
  setExchangeRatesRequestSchema,
  recordPaymentRequestSchema,
  setClientFundingRequestSchema,
  setFunderRateRequestSchema,
  createReportScheduleRequestSchema,
  createTaskRequestSchema,
  createTrainingRequestSchema,
  createUserRequestSchema,
  escalateAlertRequestSchema,
  loginRequestSchema,
  noShowRequestSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
  planShiftRequestSchema,
  PROJECTION_NAMES,
  reasonRequestSchema,
  snoozeAlertRequestSchema,
  alertRuleSwitchRequestSchema,
  recordVoiceNoteRequestSchema,
  renewTrainingRequestSchema,
  rescheduleAppointmentRequestSchema,
  resolveAlertRequestSchema,
  scheduleAppointmentRequestSchema,
  scheduleRecurringRequestSchema,
  setPreferredCarersRequestSchema,
  skipProjectionEventRequestSchema,
  updateCarerRequestSchema,
  updateClientRequestSchema,
  updateFeedbackRequestSchema,
  agencySettingsRequestSchema,
  exportRequestSchema,
  subjectAccessRequestSchema,
  importReportSchema,
  importRequestSchema,
  updateTaskRequestSchema,
  updateTrainingRequestSchema,
  updateUserRequestSchema,
  type Permission,
  VOICE_NOTE_AUDIO_FIELD,
  changeOwnNameRequestSchema,
  changeOwnPasswordRequestSchema,
  notificationChoicesSchema,
  alertAudiencesChoiceSchema,
  raiseEmergencyRequestSchema,
  unappliedOfflineRecordRequestSchema,
  amendIncidentRequestSchema,
  closeIncidentRequestSchema,
  escalateIncidentRequestSchema,
  followUpDoneRequestSchema,
  incidentDutyRequestSchema,
  incidentDutyStepRequestSchema,
  incidentNoteRequestSchema,
  reopenIncidentRequestSchema,
  reportFromDiaryRequestSchema,
  reportIncidentRequestSchema,
  resolveIncidentRequestSchema,
  safeguardingReferralRequestSchema,
  safeguardingReferralUpdateRequestSchema,
  prescribeRequestSchema,
  changePrescriptionRequestSchema,
  prescriptionReasonRequestSchema,
  recordAdministrationRequestSchema,
  markMissedRequestSchema,
  amendAdministrationRequestSchema,
  prnEffectRequestSchema,
  addMarCodeRequestSchema,
  addReferenceMedicineRequestSchema,
  withdrawMarCodeRequestSchema,
  requestLeaveRequestSchema,
  setWorkingPatternRequestSchema,
  approveLeaveRequestSchema,
  declineLeaveRequestSchema,
  cancelLeaveRequestSchema,
} from '@care/events';
import {
  appointmentCommandReplySchema,
  bookingClashReplySchema,
  commandReplySchema,
  errorReplySchema,
  lockedOutReplySchema,
  loginReplySchema,
  messageReplySchema,
  passwordResetLinkReplySchema,
  recurringAppointmentsReplySchema,
  emergencyRaisedReplySchema,
  unappliedOfflineRecordReplySchema,
  approveLeaveReplySchema,
  leaveOverlapReplySchema,
  visitsInLeaveReplySchema,
} from '@care/events/api';
import { NAMED_RECORD_NOT_FOUND, type ReplyDoc, type RouteAccess, type RouteDoc } from './route-doc';

type Method = RouteDoc['method'];
const ok = (status: number, description: string, schema: z.ZodType = commandReplySchema): Record<number, ReplyDoc> => ({
  [status]: { description, schema },
});

/** A command on the command API: JSON body (unless none), replies `{ id, revision, position }`. */
function command(
  method: Method,
  path: string,
  summary: string,
  access: RouteAccess,
  options: Partial<Pick<RouteDoc, 'body' | 'bodyType' | 'ifMatch' | 'params' | 'errors'>> & {
    status?: number;
    reply?: z.ZodType;
  } = {},
): RouteDoc {
  const { status = 200, reply = commandReplySchema, ...rest } = options;
  return { service: 'command-api', method, path, summary, access, replies: ok(status, 'Done', reply), ...rest };
}

const edit = { ifMatch: true } as const;
const carersWrite: RouteAccess = ['carers.write'];
const clientsWrite: RouteAccess = ['clients.write'];
const trainingWrite: RouteAccess = ['training.write'];
const usersManage: RouteAccess = ['users.manage'];
const shiftsWrite: RouteAccess = ['shifts.write'];
const alertsManage: RouteAccess = ['alerts.manage'];
const tasksWrite: RouteAccess = ['tasks.write'];
const carePlansWrite: RouteAccess = ['carePlans.write'];
const incidentsManage: RouteAccess = ['incidents.manage'];
const only = (permission: Permission): RouteAccess => [permission];

const clash = {
  409: {
    description: 'The carer is already booked then (the clashing visits named), or a stale If-Match',
    schema: z.union([bookingClashReplySchema, errorReplySchema]),
  },
};
const locked = {
  429: {
    description: 'Too many failed attempts: try again after Retry-After seconds',
    schema: lockedOutReplySchema,
    headers: { 'Retry-After': 'Seconds to wait' },
  },
};
/** An appointment command (appointments.write): replies with warnings; a double booking is a 409 naming the clash. */
const appointment = (
  method: Method,
  path: string,
  summary: string,
  body?: z.ZodType,
  extra: { status?: number; reply?: z.ZodType; ifMatch?: boolean } = {},
) =>
  command(method, path, summary, ['appointments.write'], {
    body,
    ifMatch: true,
    reply: appointmentCommandReplySchema,
    errors: clash,
    ...extra,
  });

/** Every route of the command API (command-api/src/app.ts), with the schemas its handlers parse with. */
export const COMMAND_ROUTE_DOCS: readonly RouteDoc[] = [
  command(
    'POST',
    '/api/destruction/proposals',
    "Propose the destruction of a client's or carer's records past their retention period (409 with the date they become eligible while inside it)",
    only('destruction.manage'),
    { body: proposeDestructionRequestSchema, status: 201 },
  ),
  command(
    'POST',
    '/api/destruction/proposals/:id/approve',
    'A second administrator approves: every event about the person is rewritten as destroyed and the certificate appended, in one transaction (403 for the proposer; 409 inside the retention period or on EventStoreDB)',
    only('destruction.manage'),
    { reply: destructionApprovedReplySchema },
  ),
  command(
    'POST',
    '/api/destruction/proposals/:id/reject',
    'A second administrator rejects the proposal, with a reason',
    only('destruction.manage'),
    { body: rejectDestructionRequestSchema },
  ),
  {
    service: 'command-api',
    method: 'POST',
    path: '/api/login',
    summary: 'Sign in: sets the httpOnly session cookie `care.sid`',
    access: 'public',
    body: loginRequestSchema,
    replies: {
      200: { description: 'Signed in', schema: loginReplySchema, headers: { 'Set-Cookie': 'care.sid session cookie' } },
    },
    errors: {
      401: { description: 'Wrong email or password (the same reply either way)', schema: errorReplySchema },
      ...locked,
    },
  },
  {
    service: 'command-api',
    method: 'GET',
    path: '/api/login',
    summary: 'A browser navigation to the sign-in path: redirects to /landing',
    access: 'public',
    replies: { 302: { description: 'Redirect to /landing', headers: { Location: '/landing' } } },
  },
  {
    service: 'command-api',
    method: 'POST',
    path: '/api/logout',
    summary: 'Sign out: ends the session and clears the cookie (Origin-checked like every write)',
    access: 'public',
    replies: { 204: { description: 'Signed out' } },
    errors: { 403: { description: 'A write from another site', schema: errorReplySchema } },
  },
  {
    service: 'command-api',
    method: 'POST',
    path: '/api/login/password-reset-requests',
    summary: 'Ask for a password-reset link (the same reply whether or not the email has an account)',
    access: 'public',
    body: passwordResetRequestSchema,
    replies: { 202: { description: 'Requested', schema: messageReplySchema } },
    errors: locked,
  },
  {
    service: 'command-api',
    method: 'POST',
    path: '/api/login/password-reset',
    summary: 'Set a new password with a reset link token',
    access: 'public',
    body: passwordResetSchema,
    replies: { 200: { description: 'Password changed', schema: messageReplySchema } },
  },

  command('POST', '/api/users', 'Add a user account', usersManage, { body: createUserRequestSchema, status: 201 }),
  command('PATCH', '/api/users/:id', "Change a user's profile", usersManage, {
    body: updateUserRequestSchema,
    ...edit,
  }),
  command('PUT', '/api/users/:id/role', "Change a user's role (ends their sessions)", usersManage, {
    body: changeRoleRequestSchema,
  }),
  command('POST', '/api/users/:id/deactivate', 'Deactivate an account (ends its sessions)', usersManage),
  command('POST', '/api/users/:id/reactivate', 'Reactivate an account', usersManage),
  command(
    'POST',
    '/api/users/:id/password-reset',
    'Issue a one-time password-reset link for the administrator to pass on',
    usersManage,
    {
      status: 201,
      reply: passwordResetLinkReplySchema,
    },
  ),

  command('POST', '/api/carers', 'Register a carer', carersWrite, { body: createCarerRequestSchema, status: 201 }),
  command('PATCH', '/api/carers/:id', 'Edit a carer (also deactivate with isActive: false)', carersWrite, {
    body: updateCarerRequestSchema,
    ...edit,
  }),
  command('DELETE', '/api/carers/:id', 'Remove a carer (the history stays)', carersWrite, edit),

  command('POST', '/api/clients', 'Register a client', clientsWrite, { body: createClientRequestSchema, status: 201 }),
  command('PATCH', '/api/clients/:id', 'Edit a client', clientsWrite, { body: updateClientRequestSchema, ...edit }),
  command('PUT', '/api/clients/:id/keyworker', "Assign or clear a client's keyworker", clientsWrite, {
    body: assignKeyworkerRequestSchema,
    ...edit,
  }),
  command('PUT', '/api/clients/:id/preferred-carers', "Set a client's preferred carers", clientsWrite, {
    body: setPreferredCarersRequestSchema,
    ...edit,
  }),
  command('DELETE', '/api/clients/:id', 'Remove a client (frees the client ID; the history stays)', clientsWrite, edit),

  command('POST', '/api/training', 'Record a training course', trainingWrite, {
    body: createTrainingRequestSchema,
    status: 201,
  }),
  command('PATCH', '/api/training/:id', 'Edit a training record', trainingWrite, {
    body: updateTrainingRequestSchema,
    ...edit,
  }),
  command('POST', '/api/training/:id/renewal', 'Renew a training record', trainingWrite, {
    body: renewTrainingRequestSchema,
    ...edit,
  }),
  command('DELETE', '/api/training/:id', 'Remove a training record', trainingWrite, edit),

  command(
    'PUT',
    '/api/carers/:id/working-pattern',
    "Set a carer's whole working pattern (400 naming the field for inverted or overlapping hours, a limit outside 1 to 78, contracted hours over the limit, a date given twice)",
    carersWrite,
    { body: setWorkingPatternRequestSchema, ...edit },
  ),
  command(
    'POST',
    '/api/leave',
    'Request leave (a carer: only for themselves; another carer answers 404)',
    ['leave.request'],
    {
      body: requestLeaveRequestSchema,
      status: 201,
    },
  ),
  command(
    'POST',
    '/api/leave/:id/approve',
    "Approve leave (never your own, nor a request you made: 403); with unassignVisits, unassign the carer's visits in it",
    ['leave.approve'],
    {
      body: approveLeaveRequestSchema,
      reply: approveLeaveReplySchema,
      ...edit,
      errors: {
        409: {
          description:
            "The carer has visits in the leave (listed; approve again with unassignVisits), the leave overlaps the carer's other approved leave (named), it is no longer waiting, or a stale If-Match",
          schema: z.union([visitsInLeaveReplySchema, leaveOverlapReplySchema, errorReplySchema]),
        },
      },
    },
  ),
  command('POST', '/api/leave/:id/decline', 'Decline leave, with the reason', ['leave.approve'], {
    body: declineLeaveRequestSchema,
    ...edit,
  }),
  command(
    'POST',
    '/api/leave/:id/cancel',
    'Cancel leave: its requester while it waits, an approver at any time (with a reason); approved days are freed',
    ['leave.request'],
    { body: cancelLeaveRequestSchema, ...edit },
  ),

  command(
    'POST',
    '/api/diary',
    'Add a diary entry (a carer only about their own clients and visits)',
    only('diary.write'),
    {
      body: createDiaryEntryRequestSchema,
      status: 201,
      errors: NAMED_RECORD_NOT_FOUND,
    },
  ),
  command(
    'PATCH',
    '/api/diary/:id',
    'Amend a diary entry (the author, or a reviewer), with a reason',
    ['diary.write', 'diary.review'],
    {
      body: amendDiaryEntryRequestSchema,
      ...edit,
    },
  ),
  command('POST', '/api/diary/:id/review', 'Mark a diary entry reviewed', only('diary.review'), edit),

  command(
    'POST',
    '/api/voice-notes',
    `Record a voice note: the recording in the multipart field "${VOICE_NOTE_AUDIO_FIELD}", the fields beside it`,
    only('diary.write'),
    {
      body: recordVoiceNoteRequestSchema,
      bodyType: 'multipart/form-data',
      status: 201,
      errors: NAMED_RECORD_NOT_FOUND,
    },
  ),
  command(
    'DELETE',
    '/api/voice-notes/:id',
    'Remove a voice note (its author or a reviewer; the audio stays in the record)',
    only('diary.write'),
    edit,
  ),

  command(
    'POST',
    '/api/report-schedules',
    'Schedule a weekly or monthly report (generated by the rules process at 07:00 London)',
    only('reports.schedule'),
    { body: createReportScheduleRequestSchema, status: 201 },
  ),
  command(
    'POST',
    '/api/report-schedules/:id/pause',
    'Pause a schedule (whoever scheduled it, or an administrator)',
    only('reports.schedule'),
  ),
  command('POST', '/api/report-schedules/:id/resume', 'Resume a paused schedule', only('reports.schedule')),
  command(
    'DELETE',
    '/api/report-schedules/:id',
    'Delete a schedule (whoever scheduled it, or an administrator)',
    only('reports.schedule'),
  ),

  command('POST', '/api/feedback', 'Send feedback from the widget', only('feedback.submit'), {
    body: createFeedbackRequestSchema,
    status: 201,
  }),
  command('PATCH', '/api/feedback/:id', 'Triage feedback: status and admin notes', only('feedback.manage'), {
    body: updateFeedbackRequestSchema,
    ...edit,
  }),

  command(
    'POST',
    '/api/finance/funders',
    'Add a funder (private, local authority, NHS continuing healthcare)',
    only('finance.manage'),
    { body: addFunderRequestSchema, status: 201 },
  ),
  command(
    'POST',
    '/api/finance/funders/:id/rates',
    "Set a funder's charge rates from a date on",
    only('finance.manage'),
    { body: setFunderRateRequestSchema, status: 201 },
  ),
  command(
    'PUT',
    '/api/finance/clients/:id/funding',
    "Set who pays for a client's care from a date on (shares add up to 100%)",
    only('finance.manage'),
    { body: setClientFundingRequestSchema },
  ),
  command(
    'POST',
    '/api/finance/invoices/generate',
    "Generate invoices from a period's completed visits (one per funder)",
    only('finance.manage'),
    {
      body: generateInvoicesRequestSchema,
      status: 201,
      reply: generateInvoicesReplySchema,
    },
  ),
  command(
    'POST',
    '/api/finance/invoices/:id/payments',
    'Record a payment (part payments allowed, never more than owed)',
    only('finance.manage'),
    { body: recordPaymentRequestSchema, status: 201 },
  ),
  command(
    'POST',
    '/api/finance/invoices/:id/credit-notes',
    'Issue a credit note against an invoice',
    only('finance.manage'),
    { body: issueCreditNoteRequestSchema, status: 201 },
  ),
  command(
    'PATCH',
    '/api/finance/invoices/:id',
    "Edit while draft: a pending invoice's due date, purchase order, note and added charges (409 once sent, paid or credited)",
    only('finance.manage'),
    {
      body: editInvoiceDraftRequestSchema,
      ...edit,
    },
  ),
  command(
    'POST',
    '/api/finance/invoices/:id/sent',
    "Send: mail the invoice's PDF to the funder's invoice address (or sentTo) through the outbox, and record InvoiceSent",
    only('finance.manage'),
    {
      body: markInvoiceSentRequestSchema,
      reply: sendInvoiceReplySchema,
    },
  ),
  command(
    'POST',
    '/api/finance/contracts',
    'New Contract: a client contract with its number (unique), dates, value (pence) and services',
    only('finance.manage'),
    { body: createContractRequestSchema, status: 201 },
  ),
  command(
    'POST',
    '/api/finance/contracts/:id/renew',
    'Renew a contract: a later end date, a new renewal date and value',
    only('finance.manage'),
    { body: renewContractRequestSchema },
  ),
  command(
    'POST',
    '/api/finance/exchange-rates',
    'Currency Exchange: set the rates from GBP (USD, EUR, CAD, AUD) from a date on',
    only('finance.manage'),
    { body: setExchangeRatesRequestSchema, status: 201 },
  ),
  command(
    'POST',
    '/api/finance/payroll/process',
    'Process Payroll for a period (409 when it overlaps a period already processed: never paid twice)',
    only('finance.manage'),
    {
      body: processPayrollRequestSchema,
      status: 201,
      reply: processPayrollReplySchema,
    },
  ),
  command(
    'POST',
    '/api/finance/payroll/runs/:runId/payslips/:payslipId/send',
    'Send to Employee: mail the carer (through the outbox) and record PayslipSent',
    only('finance.manage'),
    { reply: sendPayslipReplySchema },
  ),
  command(
    'PUT',
    '/api/finance/payroll/policy',
    'Set the payroll policy: travel paid or not, mileage rate, deduction estimate, contracted hours',
    only('finance.manage'),
    { body: setPayrollPolicyRequestSchema },
  ),
  command(
    'POST',
    '/api/finance/payroll/living-wage',
    'Add a National Living Wage rate from a date on',
    only('finance.manage'),
    { body: setLivingWageRequestSchema, status: 201 },
  ),
  command(
    'POST',
    '/api/finance/bank-holidays',
    'Add a bank holiday (visits that day are charged at the bank holiday rate)',
    only('finance.manage'),
    { body: addBankHolidayRequestSchema, status: 201 },
  ),
  command(
    'POST',
    '/api/finance/bank-holidays/:date/removal',
    'Remove a bank holiday, with the reason',
    only('finance.manage'),
    { body: removeBankHolidayRequestSchema, params: { date: z.iso.date() } },
  ),

  appointment('POST', '/api/appointments', 'Schedule a visit', scheduleAppointmentRequestSchema, {
    ifMatch: false,
    status: 201,
  }),
  appointment(
    'POST',
    '/api/appointments/recurring',
    'Schedule a weekly pattern of visits',
    scheduleRecurringRequestSchema,
    {
      ifMatch: false,
      status: 201,
      reply: recurringAppointmentsReplySchema,
    },
  ),
  appointment('POST', '/api/appointments/:id/assign', 'Assign a carer to a visit', assignCarerRequestSchema),
  appointment('POST', '/api/appointments/:id/unassign', 'Take the carer off a visit'),
  appointment('POST', '/api/appointments/:id/reschedule', 'Move a visit', rescheduleAppointmentRequestSchema),
  appointment('PATCH', '/api/appointments/:id', "Change a visit's details", changeAppointmentRequestSchema),
  appointment('POST', '/api/appointments/:id/cancel', 'Cancel a visit, with a reason', cancelAppointmentRequestSchema),
  appointment('POST', '/api/appointments/:id/no-show', 'Mark a visit a no-show', noShowRequestSchema),
  command(
    'POST',
    '/api/appointments/:id/check-in',
    'Check in to a visit (a carer only their own)',
    only('visits.record'),
    { body: checkInRequestSchema, reply: appointmentCommandReplySchema, ...edit },
  ),
  command(
    'POST',
    '/api/appointments/:id/check-out',
    'Check out of a visit (a carer only their own)',
    only('visits.record'),
    { body: checkOutRequestSchema, reply: appointmentCommandReplySchema, ...edit },
  ),
  command(
    'POST',
    '/api/appointments/:id/amend',
    'Amend a completed visit (the original stays in the history)',
    only('visits.amend'),
    {
      body: amendVisitRequestSchema,
      reply: appointmentCommandReplySchema,
      ...edit,
    },
  ),

  command('POST', '/api/shifts', 'Plan a rota shift', shiftsWrite, { body: planShiftRequestSchema, status: 201 }),
  command('PATCH', '/api/shifts/:id', 'Change a shift', shiftsWrite, { body: changeShiftRequestSchema, ...edit }),
  command('POST', '/api/shifts/:id/cancel', 'Cancel a shift', shiftsWrite, { body: cancelShiftRequestSchema, ...edit }),

  command(
    'POST',
    '/api/alert-groups/acknowledge',
    'Acknowledge every unacknowledged member of a group of alerts, each recorded on its own alert (409 when a member changed since the list was read)',
    alertsManage,
    {
      body: acknowledgeAlertGroupRequestSchema,
      reply: z.strictObject({
        group: z.string(),
        acknowledged: z.int().min(0),
        position: z.string().nullable(),
      }),
    },
  ),
  command(
    'POST',
    '/api/alerts/:id/acknowledge',
    'Acknowledge an active alert (it leaves the bell count but stays open)',
    alertsManage,
    {
      body: acknowledgeAlertRequestSchema,
      ...edit,
    },
  ),
  command('POST', '/api/alerts/:id/assign', 'Assign an open alert to an active user (null unassigns)', alertsManage, {
    body: assignRequestSchema,
    ...edit,
  }),
  command(
    'POST',
    '/api/alerts/:id/escalate',
    'Raise an open alert to a higher severity, with the reason',
    alertsManage,
    {
      body: escalateAlertRequestSchema,
      ...edit,
    },
  ),
  command('POST', '/api/alerts/:id/resolve', 'Resolve an open alert with a note saying what was done', alertsManage, {
    body: resolveAlertRequestSchema,
    ...edit,
  }),
  command('POST', '/api/alerts/:id/reopen', 'Reopen a resolved alert, with the reason', alertsManage, {
    body: reasonRequestSchema,
    ...edit,
  }),
  command(
    'POST',
    '/api/alerts/:id/snooze',
    'Snooze an open alert until a time, with the reason: it stays open but leaves the bell and the dashboard figures until then (`until` must be ahead and at most 7 days away: 400 naming `until` otherwise)',
    alertsManage,
    { body: snoozeAlertRequestSchema, ...edit },
  ),
  command(
    'POST',
    '/api/alerts/:id/unsnooze',
    'End a snooze now (409 when the alert is not snoozed)',
    alertsManage,
    edit,
  ),
  command(
    'POST',
    '/api/alerts/:id/task',
    "Make a follow-up task from an alert (title, links, category and priority from the alert unless given); replies with the task's id",
    alertsManage,
    {
      body: alertTaskRequestSchema,
      status: 201,
    },
  ),

  command(
    'POST',
    '/api/incidents',
    'Report an incident (a carer may name only their own visit; its client and carer fill in blanks)',
    only('incidents.report'),
    {
      body: reportIncidentRequestSchema,
      status: 201,
      errors: NAMED_RECORD_NOT_FOUND,
    },
  ),
  command(
    'POST',
    '/api/incidents/from-diary-entry',
    'Report a diary entry of type incident as an incident in one step (409 when already reported)',
    only('incidents.report'),
    {
      body: reportFromDiaryRequestSchema,
      status: 201,
      errors: NAMED_RECORD_NOT_FOUND,
    },
  ),
  command(
    'POST',
    '/api/incidents/:id/amend',
    'Correct fields of the report, with the reason (the original stays in the timeline)',
    incidentsManage,
    { body: amendIncidentRequestSchema, ...edit },
  ),
  command(
    'POST',
    '/api/incidents/:id/investigate',
    'Start the investigation of a reported incident',
    incidentsManage,
    edit,
  ),
  command('POST', '/api/incidents/:id/notes', 'Add an investigation note', incidentsManage, {
    body: incidentNoteRequestSchema,
    status: 201,
    ...edit,
  }),
  command('POST', '/api/incidents/:id/follow-up', 'Record the required follow-up as done', incidentsManage, {
    body: followUpDoneRequestSchema,
    ...edit,
  }),
  command(
    'POST',
    '/api/incidents/:id/resolve',
    'Resolve an incident under investigation, with the resolution summary',
    incidentsManage,
    { body: resolveIncidentRequestSchema, ...edit },
  ),
  command(
    'POST',
    '/api/incidents/:id/close',
    'Close a resolved incident (its follow-up done, or waived with a reason; every statutory duty met)',
    incidentsManage,
    {
      body: closeIncidentRequestSchema,
      ...edit,
    },
  ),
  command(
    'POST',
    '/api/incidents/:id/reopen',
    'Reopen a resolved or closed incident to investigating, with the reason',
    incidentsManage,
    { body: reopenIncidentRequestSchema, ...edit },
  ),
  command(
    'POST',
    '/api/incidents/:id/escalate',
    'Raise the severity or hand the incident to a named person, with the reason',
    incidentsManage,
    {
      body: escalateIncidentRequestSchema,
      ...edit,
    },
  ),
  command(
    'POST',
    '/api/incidents/:id/safeguarding-referrals',
    'Record a referral to the safeguarding team',
    incidentsManage,
    {
      body: safeguardingReferralRequestSchema,
      status: 201,
      ...edit,
    },
  ),
  command(
    'PATCH',
    '/api/incidents/:id/safeguarding-referrals/:referralId',
    "Record the local authority's reference or the outcome of a referral",
    incidentsManage,
    {
      body: safeguardingReferralUpdateRequestSchema,
      ...edit,
    },
  ),
  command(
    'POST',
    '/api/incidents/:id/duties',
    'Record that a statutory duty applies (CQC notification, RIDDOR, duty of candour), with its due date',
    incidentsManage,
    {
      body: incidentDutyRequestSchema,
      ...edit,
    },
  ),
  command(
    'POST',
    '/api/incidents/:id/duties/steps',
    'Record a step of a statutory duty as done, with its date and reference',
    incidentsManage,
    {
      body: incidentDutyStepRequestSchema,
      ...edit,
    },
  ),
  command('POST', '/api/tasks', 'Create a to-do task', tasksWrite, { body: createTaskRequestSchema, status: 201 }),
  command('PATCH', '/api/tasks/:id', "Change an open task's details", tasksWrite, {
    body: updateTaskRequestSchema,
    ...edit,
  }),
  command('POST', '/api/tasks/:id/assign', 'Assign an open task to an active user (null unassigns)', tasksWrite, {
    body: assignRequestSchema,
    ...edit,
  }),
  command(
    'POST',
    '/api/tasks/:id/start',
    'Start a pending task (the assignee, or anyone with tasks.write)',
    only('tasks.work'),
    edit,
  ),
  command(
    'POST',
    '/api/tasks/:id/complete',
    'Complete a task in progress, with notes (the assignee, or anyone with tasks.write)',
    only('tasks.work'),
    {
      body: completeTaskRequestSchema,
      ...edit,
    },
  ),
  command('POST', '/api/tasks/:id/cancel', 'Cancel an open task, with the reason', tasksWrite, {
    body: reasonRequestSchema,
    ...edit,
  }),
  command(
    'POST',
    '/api/tasks/:id/reopen',
    'Reopen a completed or cancelled task as pending, with the reason',
    tasksWrite,
    { body: reasonRequestSchema, ...edit },
  ),

  command(
    'POST',
    '/api/care-plans',
    "New Care Plan for a client (optionally from a template; allergies, conditions and the emergency contact start from the client's record); one plan in use per client",
    carePlansWrite,
    {
      body: createCarePlanRequestSchema,
      status: 201,
    },
  ),
  command(
    'PATCH',
    '/api/care-plans/:id',
    'Update a care plan: a new version of the fields that changed, with the reason',
    carePlansWrite,
    { body: updateCarePlanRequestSchema, ...edit },
  ),
  command(
    'POST',
    '/api/care-plans/:id/agreement',
    "Record the client's (or their representative's) consent to the current version: who, how, when",
    carePlansWrite,
    {
      body: agreeCarePlanRequestSchema,
      ...edit,
    },
  ),
  command('POST', '/api/care-plans/:id/review-date', 'Schedule Review: set the review date', carePlansWrite, {
    body: scheduleCarePlanReviewRequestSchema,
    ...edit,
  }),
  command(
    'POST',
    '/api/care-plans/:id/reviews',
    'Record a review: no change, or the plan updated (a new version); and the next review date',
    carePlansWrite,
    {
      body: recordCarePlanReviewRequestSchema,
      ...edit,
    },
  ),
  command(
    'POST',
    '/api/care-plans/:id/status',
    'Change a care plan status (active, under review, inactive), with the reason',
    carePlansWrite,
    {
      body: changeCarePlanStatusRequestSchema,
      ...edit,
    },
  ),
  command('POST', '/api/care-plans/templates', 'Add a care plan template', only('carePlans.templates'), {
    body: createCarePlanTemplateRequestSchema,
    status: 201,
  }),
  command('PATCH', '/api/care-plans/templates/:id', 'Edit a care plan template', only('carePlans.templates'), {
    body: changeCarePlanTemplateRequestSchema,
    ...edit,
  }),
  command(
    'POST',
    '/api/medications/reference',
    'Add a medicine to the Medicine Database (a name already there is a 409)',
    only('medications.reference'),
    {
      body: addReferenceMedicineRequestSchema,
      status: 201,
    },
  ),
  command(
    'POST',
    '/api/medications/mar-codes',
    "Add a code to the MAR chart's key, with its meaning and the outcome it counts as (a code already on the key is a 409)",
    only('medications.codes'),
    {
      body: addMarCodeRequestSchema,
      status: 201,
    },
  ),
  command(
    'POST',
    '/api/medications/mar-codes/:code/withdrawal',
    'Withdraw an added code from new records, with the reason (it stays on the key for the records that carry it)',
    only('medications.codes'),
    {
      body: withdrawMarCodeRequestSchema,
      params: { code: addMarCodeRequestSchema.shape.code },
    },
  ),
  command(
    'POST',
    '/api/medications',
    'Prescribe a medicine to a client (an allergy the client is recorded with needs allergyOverrideReason)',
    only('medications.prescribe'),
    {
      body: prescribeRequestSchema,
      status: 201,
    },
  ),
  command(
    'PATCH',
    '/api/medications/:id',
    'Change a prescription (only the fields sent), with the reason; takes effect now',
    only('medications.prescribe'),
    {
      body: changePrescriptionRequestSchema,
      ...edit,
    },
  ),
  command(
    'POST',
    '/api/medications/:id/pause',
    'Pause a prescription, with the reason: no dose is due while paused',
    only('medications.prescribe'),
    { body: prescriptionReasonRequestSchema, ...edit },
  ),
  command(
    'POST',
    '/api/medications/:id/resume',
    'Resume a paused prescription, with the reason',
    only('medications.prescribe'),
    { body: prescriptionReasonRequestSchema, ...edit },
  ),
  command(
    'POST',
    '/api/medications/:id/discontinue',
    'Discontinue a prescription (final), with the reason',
    only('medications.prescribe'),
    { body: prescriptionReasonRequestSchema, ...edit },
  ),
  command(
    'POST',
    '/api/medications/:id/administrations',
    "Record a dose's outcome (dueAt: a scheduled dose, once; none: a PRN dose within its interval and 24-hour maximum); a carer only from their own visit",
    only('medications.administer'),
    {
      body: recordAdministrationRequestSchema,
      status: 201,
    },
  ),
  command(
    'POST',
    '/api/medications/:id/missed',
    'Mark a due dose as missed, with the reason',
    only('medications.prescribe'),
    { body: markMissedRequestSchema, status: 201 },
  ),
  command(
    'POST',
    '/api/medications/:id/records/:recordId/amend',
    'Correct a medication record, with the reason (the original stays in the history)',
    only('medications.prescribe'),
    {
      body: amendAdministrationRequestSchema,
    },
  ),
  command(
    'POST',
    '/api/medications/:id/records/:recordId/prn-effect',
    'Record whether a PRN dose helped',
    only('medications.administer'),
    { body: prnEffectRequestSchema },
  ),

  command(
    'POST',
    '/api/status/projections/:name/skip',
    'Skip the one event a stalled projection cannot apply, with a reason',
    only('admin.panel'),
    {
      body: skipProjectionEventRequestSchema,
      params: { name: z.enum(PROJECTION_NAMES) },
      status: 202,
      errors: {
        404: { description: 'No projection of that name', schema: errorReplySchema },
        409: {
          description: 'The projection is not stopped at that event (running, stopped at another, or already skipped)',
          schema: errorReplySchema,
        },
      },
    },
  ),

  command('PATCH', '/api/account/profile', "Change the caller's own first and last name (/settings)", 'signed-in', {
    body: changeOwnNameRequestSchema,
  }),
  command(
    'POST',
    '/api/account/password',
    "Change the caller's own password: the current one is required; every other session of the account ends and this one is renewed",
    'signed-in',
    {
      body: changeOwnPasswordRequestSchema,
      errors: locked,
    },
  ),
  command('PUT', '/api/account/notifications', "Set the caller's own notification choices", 'signed-in', {
    body: notificationChoicesSchema,
  }),
  command(
    'PUT',
    '/api/account/alert-audiences',
    "Choose which alert audiences the caller's own bell, Alerts tile and live count follow (only audiences their role reads: 400 naming `audiences` otherwise); the lists still show every one they read",
    only('alerts.read'),
    { body: alertAudiencesChoiceSchema },
  ),

  command(
    'POST',
    '/api/offline-records/unapplied',
    "A phone's outbox reports a record made offline that the server refused when it was sent: the record is kept in the log with what was written, and a high alert tells the office (once per record id)",
    'signed-in',
    { body: unappliedOfflineRecordRequestSchema, status: 201, reply: unappliedOfflineRecordReplySchema },
  ),

  command(
    'POST',
    '/api/emergencies',
    "Raise an emergency: records it (with the browser's location when given) and raises a critical alert to the coordinators",
    only('emergencies.raise'),
    {
      body: raiseEmergencyRequestSchema,
      status: 201,
      reply: emergencyRaisedReplySchema,
      errors: NAMED_RECORD_NOT_FOUND,
    },
  ),

  command(
    'PUT',
    '/api/settings',
    "Save Settings: the agency's notification switches, retention choices and details; only what changed is recorded (optional If-Match)",
    only('admin.panel'),
    {
      body: agencySettingsRequestSchema,
      ifMatch: true,
    },
  ),
  command(
    'POST',
    '/api/alert-rules/switch-off',
    'Switch an alert rule off for the agency, with the reason: the rules process resolves its open alerts and raises none while it is off (400 naming `rule` for a name that is no rule; 409 when it is off already)',
    only('admin.panel'),
    { body: alertRuleSwitchRequestSchema, ifMatch: true },
  ),
  command(
    'POST',
    '/api/alert-rules/switch-on',
    'Switch an alert rule on again, with the reason: its next evaluation raises or reopens what holds (409 when it is on already)',
    only('admin.panel'),
    { body: alertRuleSwitchRequestSchema, ifMatch: true },
  ),
  command(
    'POST',
    '/api/admin/imports',
    'Import Data: a dry run (appends nothing) or the import of carers or clients from CSV through the same commands as the forms; rows matched by employee ID / client ID, so a second run creates nothing; the import is recorded (DataImported)',
    only('admin.panel'),
    {
      body: importRequestSchema,
      reply: importReportSchema,
      errors: {
        422: {
          description: 'A row is refused: nothing was imported; the report names each row, column and message',
          schema: importReportSchema,
        },
      },
    },
  ),
  command(
    'POST',
    '/api/admin/exports',
    'Export Data: records the export (who, when, what) and answers its id; the archive is then read from GET /api/admin/exports/:id/archive',
    only('admin.panel'),
    { body: exportRequestSchema, status: 201 },
  ),
  command(
    'POST',
    '/api/admin/subject-access',
    "Subject access: records that a client or carer asked for their whole record (who asked, about whom, the request's reference) and answers its id; the files are then read from GET /api/admin/subject-access/:id/export.json and .pdf",
    only('subjectAccess.export'),
    {
      body: subjectAccessRequestSchema,
      status: 201,
      errors: { 404: { description: 'No such client or carer: nothing recorded', schema: errorReplySchema } },
    },
  ),
];
