import { z } from 'zod';
import { FAMILY_READ_ROUTE_DOCS } from '../family/family-route-docs';
import { TRAINING_TABS, type TrainingTab } from '@care/events';
import {
  accessLogEntryViewSchema,
  alertCountSchema,
  alertViewSchema,
  alertRuleViewSchema,
  alertItemSchema,
  appointmentCountViewSchema,
  appointmentDayFiguresSchema,
  appointmentSummaryViewSchema,
  appointmentVersionViewSchema,
  appointmentViewSchema,
  authUserViewSchema,
  carerAccountViewSchema,
  carePlanDetailViewSchema,
  carePlanDiffViewSchema,
  carePlanStatsSchema,
  carePlanTemplateViewSchema,
  carePlanViewSchema,
  carerViewSchema,
  dashboardStatsSchema,
  medicationViewSchema,
  medicationRecordViewSchema,
  dueDoseViewSchema,
  medicationStatsSchema,
  complianceSchema,
  clientInteractionSchema,
  prescriptionVersionSchema,
  witnessOptionSchema,
  marChartSchema,
  marKeyEntrySchema,
  referenceMedicineViewSchema,
  clientViewSchema,
  diaryEntryVersionViewSchema,
  diaryEntryViewSchema,
  diaryMapVisitViewSchema,
  diaryMonitoringRowViewSchema,
  diaryRosterGroupViewSchema,
  diaryWeekViewSchema,
  feedbackViewSchema,
  financeOverviewViewSchema,
  clientFundingViewSchema,
  contractViewSchema,
  exchangeRatesReplySchema,
  funderViewSchema,
  invoiceDetailViewSchema,
  invoiceViewSchema,
  payrollPolicyViewSchema,
  payrollRunViewSchema,
  payrollSummaryRowSchema,
  payslipViewSchema,
  auditClientFileViewSchema,
  auditComparisonViewSchema,
  auditRecordAsOfViewSchema,
  auditRecordRefViewSchema,
  auditRecordViewViewSchema,
  auditTimelineEntryViewSchema,
  logDigestViewSchema,
  logVerificationViewSchema,
  monitoringPageViewSchema,
  projectionStatusViewSchema,
  shiftViewSchema,
  taskViewSchema,
  incidentViewSchema,
  incidentDetailViewSchema,
  incidentSummaryViewSchema,
  incidentAnalyticsViewSchema,
  incidentHandlerViewSchema,
  trainingComplianceViewSchema,
  trainingViewSchema,
  leaveViewSchema,
  workingPatternViewSchema,
  workingTimeViewSchema,
  carerSuggestionsSchema,
  fillDayPlanSchema,
  userViewSchema,
  voiceNoteViewSchema,
  emergencyContextViewSchema,
  notificationChoicesViewSchema,
  alertAudiencesViewSchema,
  searchResultsViewSchema,
  supportInfoViewSchema,
  agencySettingsViewSchema,
  agencySettingsChangeViewSchema,
  retentionReviewViewSchema,
  destructionProposalsViewSchema,
  agencyDetailsViewSchema,
  systemStatusViewSchema,
  outboxMessageViewSchema,
  reportOverviewSchema,
  reportPerformanceSchema,
  reportComplianceSchema,
  reportQualitySchema,
  reportOperationalSchema,
  reportScheduleViewSchema,
} from '@care/events/api';
import { reportQuery } from '../reports/report-routes';
import { bankHolidayViewSchema, reportExportQuery, subjectAccessExportSchema } from '@care/events';
import { listQuery as alertListQuery } from '../alerts/alert-routes';
import { itemsQuery as alertItemsQuery } from '../alerts/alert-item-routes';
import { listQuery as taskListQuery } from '../tasks/task-routes';
import { diffQuery as carePlanDiffQuery, listQuery as carePlanListQuery } from '../care-plans/care-plan-routes';
import { filterQuery as incidentFilterQuery, listQuery as incidentListQuery } from '../incidents/incident-routes';
import {
  dueQuery as medicationDueQuery,
  marQuery,
  witnessQuery as medicationWitnessQuery,
  medicationListQuery,
  recordListQuery as medicationRecordListQuery,
} from '../medications/medication-routes';
import { analyticsQuery, filterSchema, listQuery as appointmentListQuery } from '../appointments/appointment-routes';
import { linkableQuery, listQuery as carerListQuery } from '../carers/carer-routes';
import { listQuery as clientListQuery } from '../clients/client-routes';
import { listQuery as diaryListQuery } from '../diary/diary-routes';
import {
  mapQuery as diaryMapQuery,
  monitoringQuery as diaryMonitoringQuery,
  rosterQuery as diaryRosterQuery,
  weeklyQuery as diaryWeeklyQuery,
} from '../diary/diary-views-routes';
import { listQuery as feedbackListQuery } from '../feedback/feedback-routes';
import { bankHolidayListQuery, clientFundingListQuery, invoiceListQuery } from '../finance/finance-routes';
import { contractListQuery } from '../finance/contract-routes';
import { reportRangeQuery } from '../finance/report-routes';
import { FINANCE_REPORTS } from '../finance/report-registry';
import { pageQuery as payrollPageQuery, summaryQuery as payrollSummaryQuery } from '../finance/payroll-routes';
import { monitoringQuery } from '../monitoring/monitoring-routes';
import { listQuery as shiftListQuery } from '../shifts/shift-routes';
import {
  complianceQuery as trainingComplianceQuery,
  countsQuery as trainingCountsQuery,
  listQuery as trainingListQuery,
} from '../training/training-routes';
import { leaveListQuery } from '../leave/leave-routes';
import { workingTimeQuery } from '../availability/working-pattern-routes';
import { fillDayQuery } from '../suggestions/suggestion-routes';
import { accessLogQuery, usersQuery } from '../users/user-routes';
import { listQuery as voiceNoteListQuery } from '../voice-notes/voice-note-routes';
import { searchQuery } from '../search/search-routes';
import { historyQuery as settingsHistoryQuery } from '../settings/settings-routes';
import { retentionReviewQuery } from '../retention/retention-routes';
import { destructionProposalsQuery } from '../destruction/destruction-routes';
import { logsQuery } from '../status/status-routes';
import { outboxQuery } from '../mail/mail-routes';
import {
  asOfQuery,
  compareQuery,
  searchQuery as auditSearchQuery,
  streamIdParam,
  timelineQuery,
  viewsQuery,
} from '../audit/audit-routes';
import { NAMED_RECORD_NOT_FOUND, type ReplyDoc, type RouteAccess, type RouteDoc } from './route-doc';

/** GET /api/training/tab-counts: how many records each tab of the training screen holds. */
const trainingTabCountsSchema = z.strictObject(
  Object.fromEntries(TRAINING_TABS.map((tab) => [tab, z.int()])) as Record<TrainingTab, z.ZodInt>,
);

/** The OpenAPI document itself is JSON of no fixed shape beyond `openapi`. */
const openApiDocumentSchema = z.looseObject({ openapi: z.literal('3.1.0') });

const json = (schema: z.ZodType, description = 'OK', headers?: Record<string, string>): Record<number, ReplyDoc> => ({
  200: { description, schema, ...(headers && { headers }) },
});

function read(
  path: string,
  summary: string,
  access: RouteAccess,
  replies: Record<number, ReplyDoc>,
  query?: z.ZodType,
): RouteDoc {
  return { service: 'read-api', method: 'GET', path, summary, access, replies, ...(query && { query }) };
}

const pdf = (description: string): Record<number, ReplyDoc> => ({
  200: { description, contentType: 'application/pdf', headers: { 'Content-Disposition': 'attachment; filename=…' } },
});
const paged = { 'X-Total-Count': 'Rows matching before limit and offset' };
const readsVisits: RouteAccess = ['appointments.read', 'appointments.readOwn'];
const readsIncidents: RouteAccess = ['incidents.read', 'incidents.readOwn'];
const pdfReply = (description: string): Record<number, ReplyDoc> => ({
  200: { description, contentType: 'application/pdf', headers: { 'Content-Disposition': 'attachment; filename=…' } },
});
const readsMedications: RouteAccess = ['medications.read', 'medications.readOwn'];
const csv = (description: string): Record<number, ReplyDoc> => ({
  200: { description, contentType: 'text/csv', headers: { 'Content-Disposition': 'attachment; filename=…' } },
});

/** A financial report is named by its key (`payroll-summary`), one of the registry's. */
const reportKeyParams = { key: z.enum(FINANCE_REPORTS.map((report) => report.key)) };

/**
 * Every GET of the read API (read-api/src/app.ts). Every one also takes the header X-Min-Position (a command's
 * `position`): the reply waits until the projections it reads have reached it (503 after 5 s).
 */
export const READ_ROUTE_DOCS: readonly RouteDoc[] = [
  read('/api/auth/user', 'Who is signed in', 'signed-in', json(authUserViewSchema)),
  read(
    '/api/openapi.json',
    'This description of the API',
    'signed-in',
    json(openApiDocumentSchema, 'The OpenAPI 3.1 document'),
  ),
  read('/api/docs', 'This description drawn as a readable reference (an HTML page for the browser)', 'signed-in', {
    200: { description: 'The reference page', contentType: 'text/html' },
  }),
  read('/api/docs/redoc.standalone.js', 'The script that draws the reference page (Redoc)', 'signed-in', {
    200: { description: 'JavaScript', contentType: 'text/javascript' },
  }),
  read(
    '/api/users',
    'Every user account (User Management), by surname',
    ['users.manage'],
    json(z.array(userViewSchema), 'OK', paged),
    usersQuery,
  ),
  read(
    '/api/access-log',
    'Sign-ins, failures, lockouts, sign-outs and resets, newest first (100 without limit)',
    ['admin.panel'],
    json(z.array(accessLogEntryViewSchema), 'OK', paged),
    accessLogQuery,
  ),

  read(
    '/api/carers',
    'Carers (a carer: only their own record)',
    ['carers.read', 'carers.readOwn'],
    json(z.array(carerViewSchema)),
    carerListQuery,
  ),
  read(
    '/api/carers/linkable-accounts',
    'Carer accounts the carer form may link (not linked to another carer)',
    ['users.manage'],
    json(z.array(carerAccountViewSchema)),
    linkableQuery,
  ),
  read('/api/carers/:id', 'One carer', ['carers.read', 'carers.readOwn'], json(carerViewSchema)),

  read('/api/clients', 'Clients', ['clients.read'], json(z.array(clientViewSchema)), clientListQuery),
  read('/api/clients/:id', 'One client', ['clients.read'], json(clientViewSchema)),

  read(
    '/api/training',
    'Training records (a carer: only their own)',
    ['training.read', 'training.readOwn'],
    json(z.array(trainingViewSchema)),
    trainingListQuery,
  ),
  read(
    '/api/training/tab-counts',
    "How many records each of the training screen's tabs holds, under the list's filters",
    ['training.read', 'training.readOwn'],
    json(trainingTabCountsSchema),
    trainingCountsQuery,
  ),
  read(
    '/api/training/compliance',
    'Training compliance per carer, by name (a carer: only their own)',
    ['training.read', 'training.readOwn'],
    json(z.array(trainingComplianceViewSchema), 'OK', paged),
    trainingComplianceQuery,
  ),
  read('/api/training/:id', 'One training record', ['training.read', 'training.readOwn'], json(trainingViewSchema)),

  read(
    '/api/leave',
    'Leave requests, latest first; from/to keep leave sharing a day with the range (a carer: only their own)',
    ['leave.read', 'leave.readOwn'],
    json(z.array(leaveViewSchema), 'OK', paged),
    leaveListQuery,
  ),
  read(
    '/api/leave/:id',
    'One leave request (a carer: only their own)',
    ['leave.read', 'leave.readOwn'],
    json(leaveViewSchema),
  ),
  read(
    '/api/carers/:id/working-pattern',
    "The carer's working pattern: weekly hours, dated exceptions, contracted hours and weekly limit (a carer: only their own; 404 when none is recorded)",
    ['carers.read', 'carers.readOwn'],
    json(workingPatternViewSchema),
  ),
  read(
    '/api/working-time',
    "Each carer's booked hours in the London week holding `week`, against their weekly hours limit (the rota's over-the-limit flag)",
    ['appointments.read'],
    json(z.array(workingTimeViewSchema)),
    workingTimeQuery,
  ),
  read(
    '/api/rota/suggestions/:appointmentId',
    'The carers who could take a scheduled visit, best first, each with its reasons, and how many were left out and why',
    ['appointments.write'],
    json(carerSuggestionsSchema),
  ),
  read(
    '/api/rota/fill-day',
    'A carer proposed for every open visit of a London day, never two overlapping visits for one carer (nothing is written)',
    ['appointments.write'],
    json(fillDayPlanSchema),
    fillDayQuery,
  ),

  read(
    '/api/diary',
    'Diary entries, newest first (confidential ones only to readers of them and their authors)',
    ['diary.read'],
    json(z.array(diaryEntryViewSchema), 'OK', paged),
    diaryListQuery,
  ),
  read(
    '/api/diary/weekly',
    "The week (Monday first, London dates) holding ?date= (default today): each day's newest entries the reader may read and its count",
    ['diary.read'],
    json(diaryWeekViewSchema),
    diaryWeeklyQuery,
  ),
  read(
    '/api/diary/carer-roster',
    "Diary entries grouped by carer: each carer's count and latest entries, most recent first",
    ['diary.read'],
    json(z.array(diaryRosterGroupViewSchema), 'OK', paged),
    diaryRosterQuery,
  ),
  read(
    '/api/diary/client-roster',
    "Diary entries grouped by client: each client's count and latest entries, most recent first",
    ['diary.read'],
    json(z.array(diaryRosterGroupViewSchema), 'OK', paged),
    diaryRosterQuery,
  ),
  read(
    '/api/diary/monitoring',
    'Diary entries recorded against a visit, newest first, beside the visit (null when the reader may not read it)',
    ['diary.read'],
    json(z.array(diaryMonitoringRowViewSchema), 'OK', paged),
    diaryMonitoringQuery,
  ),
  read(
    '/api/diary/map',
    "The day's visits (?date=, default today) at their check-in location, with the diary entries recorded against them (a carer: their own visits)",
    ['diary.read'],
    json(z.array(diaryMapVisitViewSchema)),
    diaryMapQuery,
  ),
  read(
    '/api/diary/live-map',
    'The visits in progress at their check-in location (a carer: their own)',
    ['diary.read'],
    json(z.array(diaryMapVisitViewSchema)),
  ),
  read('/api/diary/:id', 'One diary entry', ['diary.read'], json(diaryEntryViewSchema)),
  read(
    '/api/diary/:id/history',
    'Every version of a diary entry, oldest first',
    ['diary.read'],
    json(z.array(diaryEntryVersionViewSchema)),
  ),

  read(
    '/api/voice-notes',
    'Voice notes (private ones only to readers of them and their authors)',
    ['diary.read'],
    json(z.array(voiceNoteViewSchema), 'OK', paged),
    voiceNoteListQuery,
  ),
  {
    ...read('/api/voice-notes/:id/audio', 'The recording (Range requests answered with 206)', ['diary.read'], {
      200: {
        description: 'The whole recording',
        contentType: 'audio/*',
        headers: { 'Accept-Ranges': 'bytes', ETag: 'Hash of the bytes' },
      },
      206: {
        description: 'The requested range',
        contentType: 'audio/*',
        headers: { 'Content-Range': 'bytes start-end/size' },
      },
    }),
    errors: {
      416: { description: 'The range is outside the recording', schema: z.strictObject({ error: z.string() }) },
    },
  },

  read(
    '/api/feedback',
    'Feedback, newest first, with the sender',
    ['feedback.manage'],
    json(z.array(feedbackViewSchema)),
    feedbackListQuery,
  ),

  read(
    '/api/finance/overview',
    'The finance cards and the six-month revenue, expenses and net profit (pence)',
    ['finance.read'],
    json(financeOverviewViewSchema),
  ),
  read(
    '/api/finance/funders',
    'Funders with their rates, newest effective date first',
    ['finance.read'],
    json(z.array(funderViewSchema)),
  ),
  read(
    '/api/finance/client-funding',
    "Clients by surname with who pays for their care today (funders' shares); search, unfunded=true",
    ['finance.read'],
    json(z.array(clientFundingViewSchema), 'OK', paged),
    clientFundingListQuery,
  ),
  read(
    '/api/finance/bank-holidays',
    'The bank holidays in force (the built-in England and Wales list with the changes made), by date; optionally one year',
    ['finance.read'],
    json(z.array(bankHolidayViewSchema)),
    bankHolidayListQuery,
  ),
  read(
    '/api/finance/invoices',
    'Invoices, newest first (status=unpaid: every invoice still owed, oldest due date first), with their lines and derived status',
    ['finance.read'],
    json(z.array(invoiceViewSchema), 'OK', paged),
    invoiceListQuery,
  ),
  read(
    '/api/finance/invoices/:id',
    'One invoice with its payments and credit notes',
    ['finance.read'],
    json(invoiceDetailViewSchema),
  ),
  read(
    '/api/finance/invoices/:id/invoice.pdf',
    'The invoice as PDF (Send, Download)',
    ['finance.read'],
    pdf('The invoice as PDF'),
  ),
  read(
    '/api/finance/contracts',
    'Client contracts, running ones first by end date, with the status derived from the dates',
    ['finance.read'],
    json(z.array(contractViewSchema), 'OK', paged),
    contractListQuery,
  ),
  read('/api/finance/contracts/:id', 'One contract', ['finance.read'], json(contractViewSchema)),
  read(
    '/api/finance/contracts/:id/contract.pdf',
    'View Contract: the contract as PDF',
    ['finance.read'],
    pdf('The contract as PDF'),
  ),
  read(
    '/api/finance/exchange-rates',
    'The exchange rates from GBP in force today and their history, with who set them',
    ['finance.read'],
    json(exchangeRatesReplySchema),
  ),
  {
    ...read(
      '/api/finance/reports/:key/report.pdf',
      'A financial report (revenue by client, aged debtors, funder summary, profitability by client, contracts register, invoices, financial summary) as PDF',
      ['finance.read'],
      pdf('The report as PDF'),
      reportRangeQuery,
    ),
    params: reportKeyParams,
  },
  {
    ...read(
      '/api/finance/reports/:key/report.csv',
      'The same report as CSV',
      ['finance.read'],
      csv('The report as CSV'),
      reportRangeQuery,
    ),
    params: reportKeyParams,
  },
  read(
    '/api/finance/payroll/runs',
    'Processed payroll periods, newest first',
    ['finance.read'],
    json(z.array(payrollRunViewSchema), 'OK', paged),
    payrollPageQuery,
  ),
  read(
    '/api/finance/payroll/policy',
    'The payroll policy and the National Living Wage rates',
    ['finance.read'],
    json(payrollPolicyViewSchema),
  ),
  read(
    '/api/finance/payroll/summary',
    'Payroll summary per processed period (carers, hours, gross, deductions, net, mileage)',
    ['finance.read'],
    json(z.array(payrollSummaryRowSchema)),
    payrollSummaryQuery,
  ),
  read(
    '/api/finance/payroll/runs/:runId/payslips',
    "A period's payslips by carer name, with the minimum wage flag",
    ['finance.read'],
    json(z.array(payslipViewSchema), 'OK', paged),
    payrollPageQuery,
  ),
  read(
    '/api/finance/payroll/runs/:runId/payroll.csv',
    'Export CSV: the period for payroll software',
    ['finance.read'],
    csv('The period as CSV'),
  ),
  read(
    '/api/finance/payroll/payslips/:id/payslip.pdf',
    'View Payslip as PDF (deductions said to be an estimate)',
    ['finance.read'],
    pdf('The payslip as PDF'),
  ),
  read(
    '/api/finance/payslips/mine',
    "The caller's own payslips, newest first",
    ['payslips.readOwn'],
    json(z.array(payslipViewSchema), 'OK', paged),
    payrollPageQuery,
  ),
  read(
    '/api/finance/payslips/mine/:id/payslip.pdf',
    "One of the caller's own payslips as PDF (someone else's: 404)",
    ['payslips.readOwn'],
    pdf('The payslip as PDF'),
  ),

  read(
    '/api/appointments',
    'Visits by start time (no dates: today ± 30 days)',
    readsVisits,
    json(z.array(appointmentViewSchema), 'OK', { 'X-Total-Count': 'Visits matching before limit and offset' }),
    appointmentListQuery,
  ),
  read(
    '/api/appointments/today/count',
    "Today's visits, cancelled left out",
    readsVisits,
    json(appointmentCountViewSchema),
  ),
  read(
    '/api/appointments/summary',
    'The cards: totals per status, active carers, hours, completion and punctuality rates',
    readsVisits,
    json(appointmentSummaryViewSchema),
    filterSchema(),
  ),
  read(
    '/api/appointments/analytics',
    'Figures per London day',
    readsVisits,
    json(z.array(appointmentDayFiguresSchema)),
    analyticsQuery,
  ),
  read(
    '/api/appointments/export.csv',
    'The matching visits as CSV',
    readsVisits,
    csv('The visits as CSV'),
    filterSchema(),
  ),
  read('/api/appointments/:id', 'One visit, with its signature', readsVisits, json(appointmentViewSchema)),
  read(
    '/api/appointments/:id/history',
    'Every event of a visit with who and when, oldest first',
    readsVisits,
    json(z.array(appointmentVersionViewSchema)),
  ),

  read(
    '/api/monitoring',
    'Care records of visits, one page and the total',
    readsVisits,
    json(monitoringPageViewSchema),
    monitoringQuery,
  ),
  read(
    '/api/monitoring/export.csv',
    'Every matching care record as CSV',
    readsVisits,
    csv('The care records as CSV'),
    monitoringQuery,
  ),

  read(
    '/api/shifts',
    'Rota shifts with the carer and the visits inside them',
    readsVisits,
    json(z.array(shiftViewSchema)),
    shiftListQuery,
  ),

  read(
    '/api/alerts',
    'Alerts, most severe first, of every audience the caller reads (`audience` narrows to one: care, people or finance; finance needs financeAlerts.read); a carer: only those about their own carer record',
    ['alerts.read', 'alerts.readOwn'],
    json(z.array(alertViewSchema), 'OK', paged),
    alertListQuery,
  ),
  read(
    '/api/alerts/count',
    'The bell: alerts nobody has acknowledged yet, of the audiences the caller reads and follows (GET /api/account/alert-audiences; a group counts once); a carer: their own',
    ['alerts.read', 'alerts.readOwn'],
    json(alertCountSchema),
  ),
  read('/api/alerts/:id', 'One alert', ['alerts.read', 'alerts.readOwn'], json(alertViewSchema)),
  read(
    '/api/alert-rules',
    'Every alert rule with its label and severity, whether it is on for the agency, and who switched it last, when and why (ETag: the revision for If-Match on the switches)',
    ['alerts.read'],
    json(z.array(alertRuleViewSchema)),
  ),
  read(
    '/api/alert-items',
    'The open alerts as the lists show them: an alert standing alone, or one row per group ("12 invoices overdue, £1,234.56 owed"; its members: GET /api/alerts?group=), most severe first',
    ['alerts.read', 'alerts.readOwn'],
    json(z.array(alertItemSchema), 'OK', paged),
    alertItemsQuery,
  ),

  read(
    '/api/incidents',
    'Incidents, most recent first (without incidents.read: those the caller reported or that name their carer record)',
    readsIncidents,
    json(z.array(incidentViewSchema), 'OK', paged),
    incidentListQuery,
  ),
  read(
    '/api/incidents/summary',
    'The incident screen’s cards for the filters',
    readsIncidents,
    json(incidentSummaryViewSchema),
    incidentFilterQuery,
  ),
  read(
    '/api/incidents/analytics',
    'Incidents by type, severity and month, and the median time to resolve',
    readsIncidents,
    json(incidentAnalyticsViewSchema),
    incidentFilterQuery,
  ),
  read(
    '/api/incidents/report.pdf',
    'Generate Report: the cards and every incident matching the filters, as a PDF',
    readsIncidents,
    pdfReply('The incident report as PDF'),
    incidentFilterQuery,
  ),
  read(
    '/api/incidents/export.csv',
    'Generate Report: every incident matching the filters, as CSV',
    readsIncidents,
    csv('The incidents as CSV'),
    incidentFilterQuery,
  ),
  read(
    '/api/incidents/:id/report.pdf',
    'Full Report: the whole record of one incident with its timeline, as a PDF',
    readsIncidents,
    pdfReply('The incident’s full report as PDF'),
  ),
  read(
    '/api/incidents/handlers',
    'Whom Escalate may hand an incident to: active administrators and coordinators',
    ['incidents.manage'],
    json(z.array(incidentHandlerViewSchema)),
  ),
  read(
    '/api/incidents/:id',
    'One incident with its notes, safeguarding referrals and timeline (every event, the original report included)',
    readsIncidents,
    json(incidentDetailViewSchema),
  ),
  read(
    '/api/tasks',
    'To-do tasks, newest first (without tasks.read: only those assigned to the caller)',
    ['tasks.read', 'tasks.readOwn'],
    json(z.array(taskViewSchema), 'OK', paged),
    taskListQuery,
  ),
  read('/api/tasks/:id', 'One to-do task', ['tasks.read', 'tasks.readOwn'], json(taskViewSchema)),

  read(
    '/api/care-plans',
    'Care plans, review date first (a carer: the plans in use of the clients on their visits); search by client name or title',
    ['carePlans.read', 'carePlans.readOwn'],
    json(z.array(carePlanViewSchema), 'OK', paged),
    carePlanListQuery,
  ),
  read(
    '/api/care-plans/stats',
    'The Care Planner cards: plans active, due for review, overdue, high-risk clients, average quality',
    ['carePlans.read', 'carePlans.readOwn'],
    json(carePlanStatsSchema),
  ),
  read(
    '/api/care-plans/templates',
    'Care plan templates, by name',
    ['carePlans.read'],
    json(z.array(carePlanTemplateViewSchema)),
  ),
  read(
    '/api/care-plans/:id',
    'One care plan with its versions, reviews and history',
    ['carePlans.read', 'carePlans.readOwn'],
    json(carePlanDetailViewSchema),
  ),
  read(
    '/api/care-plans/:id/pdf',
    'View Full Plan as a PDF: the whole plan, its agreement, reviews and history',
    ['carePlans.read', 'carePlans.readOwn'],
    {
      200: {
        description: 'The plan as a PDF',
        contentType: 'application/pdf',
        headers: { 'Content-Disposition': 'attachment; filename=…' },
      },
    },
  ),
  read(
    '/api/care-plans/:id/diff',
    'What changed between two versions of a care plan, field by field',
    ['carePlans.read', 'carePlans.readOwn'],
    json(carePlanDiffViewSchema),
    carePlanDiffQuery,
  ),
  read(
    '/api/medications',
    'Prescriptions by client with adherence (30 days) and next due (a carer: the clients on their own visits)',
    readsMedications,
    json(z.array(medicationViewSchema), 'OK', paged),
    medicationListQuery,
  ),
  read(
    '/api/medications/reference',
    'The Medicine Database: the 20 built-in medicines and those admins added',
    readsMedications,
    json(z.array(referenceMedicineViewSchema)),
  ),
  read(
    '/api/medications/due',
    'Due & Overdue: doses without an outcome from 24 hours back to an hour ahead, oldest first, paged',
    readsMedications,
    json(z.array(dueDoseViewSchema), 'OK', paged),
    medicationDueQuery,
  ),
  read(
    '/api/medications/stats',
    'The Medication Management cards: Active Medications, Due Now, Overdue, Avg Adherence',
    readsMedications,
    json(medicationStatsSchema),
  ),
  read(
    '/api/medications/compliance',
    'Adherence over 30 days per client and per medicine, lowest first',
    readsMedications,
    json(complianceSchema),
  ),
  read(
    '/api/medications/interactions',
    "Known interactions among each client's active medicines (curated, sourced table)",
    readsMedications,
    json(z.array(clientInteractionSchema)),
  ),
  read(
    '/api/medications/mar-codes',
    "The MAR chart's key: the built-in codes, then those an administrator added (withdrawn ones marked), each with the outcome it counts as and whether it needs a reason",
    readsMedications,
    json(z.array(marKeyEntrySchema)),
  ),
  read(
    '/api/medications/mar',
    "A client's MAR chart: up to 31 days of due doses by day and time with each outcome's code and the recorder's initials, PRN doses, the code key, allergies",
    readsMedications,
    { ...json(marChartSchema), ...NAMED_RECORD_NOT_FOUND },
    marQuery,
  ),
  read(
    '/api/medications/mar.pdf',
    'The MAR chart as a PDF (landscape A4), as agencies file it',
    readsMedications,
    {
      200: {
        description: 'The MAR chart',
        contentType: 'application/pdf',
        headers: { 'Content-Disposition': 'attachment; filename=…' },
      },
      ...NAMED_RECORD_NOT_FOUND,
    },
    marQuery,
  ),
  read(
    '/api/medications/witnesses',
    "Who may witness a dose that needs a second person: the agency's other active staff who may record doses, names only, paged",
    ['medications.administer'],
    json(z.array(witnessOptionSchema), 'OK', paged),
    medicationWitnessQuery,
  ),
  read(
    '/api/medications/:id/history',
    'Every version of a prescription: what changed, who, when and why',
    readsMedications,
    json(z.array(prescriptionVersionSchema)),
  ),
  read(
    '/api/medication-records',
    'Administration records, newest first, filtered by client, carer, medicine, status and London dates',
    readsMedications,
    json(z.array(medicationRecordViewSchema), 'OK', paged),
    medicationRecordListQuery,
  ),

  read(
    '/api/dashboard/stats',
    "Every dashboard figure: the agency's for staff (the alert figures of the audiences they read and follow, as the bell), a carer's own work's for a carer (welfare and incidents null)",
    ['alerts.read', 'alerts.readOwn'],
    json(dashboardStatsSchema),
  ),

  read(
    '/api/reports/overview',
    'Reports Overview: total appointments, completion and punctuality rates, open alerts, and the trend',
    ['reports.read'],
    json(reportOverviewSchema),
    reportQuery,
  ),
  read(
    '/api/reports/performance',
    'Reports Performance: the top 10 carers by completion rate, with punctuality and average duration',
    ['reports.read'],
    json(reportPerformanceSchema),
    reportQuery,
  ),
  read(
    '/api/reports/compliance',
    'Reports Compliance: training compliance per active carer now, and training expiring within 30 days',
    ['reports.read'],
    json(reportComplianceSchema),
    reportQuery,
  ),
  read(
    '/api/reports/quality',
    'Reports Quality: quality metrics with their rules, and the Care Diary Summary',
    ['reports.read'],
    json(reportQualitySchema),
    reportQuery,
  ),
  read(
    '/api/reports/operational',
    'Reports Operational: resource utilisation (booked visit ÷ rostered shift hours) and up to 5 open alerts',
    ['reports.read'],
    json(reportOperationalSchema),
    reportQuery,
  ),

  read(
    '/api/reports/export.pdf',
    'Export Reports as PDF with charts: Overview Summary, Detailed Analytics, or a Custom Report of chosen measures and grouping',
    ['reports.read'],
    { 200: { description: 'The report as PDF', contentType: 'application/pdf' } },
    reportExportQuery,
  ),
  read(
    '/api/reports/export.csv',
    'Export Reports as CSV: the same figures as the PDF',
    ['reports.read'],
    csv('The report as CSV'),
    reportExportQuery,
  ),

  read(
    '/api/report-schedules',
    'Scheduled reports: each schedule with who scheduled it, when it runs next and its latest generated reports',
    ['reports.read'],
    json(z.array(reportScheduleViewSchema)),
  ),
  read('/api/report-runs/:id/file', 'A scheduled report as generated (PDF or CSV)', ['reports.read'], {
    200: { description: 'The report file', contentType: 'application/pdf' },
  }),

  read(
    '/api/status/projections',
    "Each projection's version, checkpoint, state, lag and skipped events",
    ['admin.panel'],
    json(z.array(projectionStatusViewSchema)),
  ),
  read(
    '/api/status/system',
    "System Status: each service process (version, uptime, heartbeat, up or down), request latency p50/p95 per service over 15 minutes, events in the store, the database, the automated jobs' last runs",
    ['admin.panel'],
    json(systemStatusViewSchema),
  ),
  read(
    '/api/status/jobs',
    'The automated features and their last runs',
    ['admin.panel'],
    json(systemStatusViewSchema.shape.jobs),
  ),
  {
    ...read(
      '/api/status/logs',
      "Download Logs: every service's structured log lines in the range (default: the last 24 hours) as one NDJSON file",
      ['admin.panel'],
      {
        200: {
          description: 'The log lines',
          contentType: 'application/x-ndjson',
          headers: { 'Content-Disposition': 'attachment; filename=…' },
        },
      },
      logsQuery,
    ),
    errors: { 404: { description: 'No log folder is configured', schema: z.strictObject({ error: z.string() }) } },
  },

  read(
    '/api/audit/records',
    "Records whose name, client or employee ID, email, id or stream id matches (the audit screen's search)",
    ['audit.read'],
    json(z.array(auditRecordRefViewSchema)),
    auditSearchQuery,
  ),
  {
    ...read(
      '/api/audit/records/:streamId',
      'A record as it stood at ?asOf= (default now), folded from its events; logged as a view',
      ['audit.read'],
      json(auditRecordAsOfViewSchema),
      asOfQuery,
    ),
    params: { streamId: streamIdParam },
  },
  {
    ...read(
      '/api/audit/records/:streamId/timeline',
      'Every event of a record, oldest first: what, who, when, the request, each field before and after; logged as a view',
      ['audit.read'],
      json(z.array(auditTimelineEntryViewSchema), 'OK', paged),
      timelineQuery,
    ),
    params: { streamId: streamIdParam },
  },
  {
    ...read(
      '/api/audit/records/:streamId/compare',
      'A record at ?from= against ?to=, field by field; logged as a view',
      ['audit.read'],
      json(auditComparisonViewSchema),
      compareQuery,
    ),
    params: { streamId: streamIdParam },
  },
  read(
    '/api/audit/clients/:id/file',
    "A client's whole file as it stood at ?asOf=: the client and every record naming them; logged as a view",
    ['audit.read'],
    json(auditClientFileViewSchema),
    asOfQuery,
  ),
  {
    ...read(
      '/api/audit/records/:streamId/timeline.pdf',
      "A record's whole timeline as PDF; logged as a view",
      ['audit.read'],
      pdf('The timeline as PDF'),
    ),
    params: { streamId: streamIdParam },
  },
  {
    ...read(
      '/api/audit/records/:streamId/as-of.pdf',
      'A record as it stood at ?asOf= as PDF; logged as a view',
      ['audit.read'],
      pdf('The record as PDF'),
      asOfQuery,
    ),
    params: { streamId: streamIdParam },
  },
  read(
    '/api/audit/clients/:id/file.pdf',
    "A client's whole file as it stood at ?asOf= as PDF; logged as a view",
    ['audit.read'],
    pdf('The client file as PDF'),
    asOfQuery,
  ),
  read(
    '/api/audit/log/verify',
    "The event log's hash chain checked from the first event: the first break, and the head as a digest",
    ['audit.verify'],
    json(logVerificationViewSchema),
  ),
  read(
    '/api/audit/log/digest',
    "The hash chain's head (entry, position, hash) as a digest to keep outside the system",
    ['audit.verify'],
    json(logDigestViewSchema),
  ),
  read(
    '/api/audit/views',
    'Who viewed which record from the audit screen, newest first',
    ['audit.read'],
    json(z.array(auditRecordViewViewSchema), 'OK', paged),
    viewsQuery,
  ),

  read(
    '/api/search',
    "The header's global search: users, carers and clients grouped, each group only when the caller may read that kind, and only the records they may read",
    'signed-in',
    json(searchResultsViewSchema),
    searchQuery,
  ),
  read(
    '/api/emergency',
    "The emergency screen: 999, the agency's on-call number, and the emergency contacts of the client of the caller's visit in progress or next",
    ['emergencies.raise'],
    json(emergencyContextViewSchema),
  ),
  read(
    '/api/account/notifications',
    "The caller's own notification choices (the defaults until they save some)",
    'signed-in',
    json(notificationChoicesViewSchema),
  ),
  read(
    '/api/account/alert-audiences',
    "The alert audiences the caller's bell, Alerts tile and live count follow (every one they read until they choose), and those they read",
    ['alerts.read'],
    json(alertAudiencesViewSchema),
  ),
  read(
    '/api/support',
    "The agency's support contacts and on-call number (null where not configured)",
    'signed-in',
    json(supportInfoViewSchema),
  ),

  {
    ...read(
      '/api/admin/exports/:id/archive',
      "Export Data's archive (an export the caller recorded in the last 10 minutes): events.ndjson, the whole event log, and a CSV per list, in one zip",
      ['admin.panel'],
      {
        200: {
          description: 'The zip archive',
          contentType: 'application/zip',
          headers: { 'Content-Disposition': 'attachment; filename=…' },
        },
      },
    ),
    errors: {
      404: { description: 'No such export recorded by the caller', schema: z.strictObject({ error: z.string() }) },
    },
  },
  {
    ...read(
      '/api/admin/subject-access/:id/export.json',
      "A person's whole record for a subject access request the caller recorded in the last 10 minutes: every kind of record about them, their history and who viewed their records (docs/features/subject-access.schema.json)",
      ['subjectAccess.export'],
      json(subjectAccessExportSchema, 'The export, streamed', { 'Content-Disposition': 'attachment; filename=…' }),
    ),
    errors: {
      404: { description: 'No such request recorded by the caller', schema: z.strictObject({ error: z.string() }) },
    },
  },
  {
    ...read(
      '/api/admin/subject-access/:id/export.pdf',
      'The same export as a document to read: a cover, a section per kind of record, the history and the views',
      ['subjectAccess.export'],
      pdf('The PDF'),
    ),
    errors: {
      404: { description: 'No such request recorded by the caller', schema: z.strictObject({ error: z.string() }) },
    },
  },
  read(
    '/api/mail/outbox',
    'Every message sent or to send, newest first, with its fate (status, attempts, last error); never the body',
    ['admin.panel'],
    json(z.array(outboxMessageViewSchema), 'OK', paged),
    outboxQuery,
  ),
  read(
    '/api/settings',
    "The agency's settings (the defaults until saved) and who saved them last",
    ['admin.panel'],
    json(agencySettingsViewSchema),
  ),
  read(
    '/api/admin/retention-review',
    'The record retention review list: clients and carers inactive or deleted longer ago than the record retention setting, oldest first (read only: nothing is deleted automatically)',
    ['admin.panel'],
    json(retentionReviewViewSchema, 'OK', paged),
    retentionReviewQuery,
  ),
  read(
    '/api/destruction/proposals',
    "Proposals to destroy a person's records past their retention period, newest first, with the second administrator's decision and, once destroyed, the certificate (never the person's name)",
    ['destruction.read'],
    json(destructionProposalsViewSchema, 'OK', paged),
    destructionProposalsQuery,
  ),
  read(
    '/api/settings/history',
    'Every Save Settings that changed something, newest first: who, when, what',
    ['admin.panel'],
    json(z.array(agencySettingsChangeViewSchema), 'OK', paged),
    settingsHistoryQuery,
  ),
  read(
    '/api/settings/agency',
    "The agency's details for documents and the emergency screen (saved settings, else configuration, else null)",
    'signed-in',
    json(agencyDetailsViewSchema),
  ),
  ...FAMILY_READ_ROUTE_DOCS,
];
