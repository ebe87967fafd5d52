import { z } from 'zod';
import { TRAINING_TABS, type TrainingTab } from '@care/events';
import {
  accessLogEntryViewSchema,
  alertCountSchema,
  alertViewSchema,
  appointmentCountViewSchema,
  appointmentDayFiguresSchema,
  appointmentSummaryViewSchema,
  appointmentVersionViewSchema,
  appointmentViewSchema,
  authUserViewSchema,
  carerAccountViewSchema,
  carerViewSchema,
  dashboardStatsSchema,
  clientViewSchema,
  diaryEntryVersionViewSchema,
  diaryEntryViewSchema,
  diaryMapVisitViewSchema,
  diaryMonitoringRowViewSchema,
  diaryRosterGroupViewSchema,
  diaryWeekViewSchema,
  feedbackViewSchema,
  monitoringPageViewSchema,
  projectionStatusViewSchema,
  shiftViewSchema,
  taskViewSchema,
  trainingComplianceViewSchema,
  trainingViewSchema,
  userViewSchema,
  voiceNoteViewSchema,
  emergencyContextViewSchema,
  notificationChoicesViewSchema,
  searchResultsViewSchema,
  supportInfoViewSchema,
  agencySettingsViewSchema,
  agencySettingsChangeViewSchema,
  agencyDetailsViewSchema,
  systemStatusViewSchema,
  outboxMessageViewSchema,
} from '@care/events/api';
import { listQuery as alertListQuery } from '../alerts/alert-routes';
import { listQuery as taskListQuery } from '../tasks/task-routes';
import { analyticsQuery, filterSchema, listQuery as appointmentListQuery } from '../appointments/appointment-routes';
import { linkableQuery, listQuery as carerListQuery } from '../carers/carer-routes';
import { listQuery as clientListQuery } from '../clients/client-routes';
import { listQuery as diaryListQuery } from '../diary/diary-routes';
import { mapQuery as diaryMapQuery, monitoringQuery as diaryMonitoringQuery, rosterQuery as diaryRosterQuery, weeklyQuery as diaryWeeklyQuery } from '../diary/diary-views-routes';
import { listQuery as feedbackListQuery } from '../feedback/feedback-routes';
import { monitoringQuery } from '../monitoring/monitoring-routes';
import { listQuery as shiftListQuery } from '../shifts/shift-routes';
import { countsQuery as trainingCountsQuery, listQuery as trainingListQuery } from '../training/training-routes';
import { accessLogQuery } from '../users/user-routes';
import { listQuery as voiceNoteListQuery } from '../voice-notes/voice-note-routes';
import { searchQuery } from '../search/search-routes';
import { historyQuery as settingsHistoryQuery } from '../settings/settings-routes';
import { logsQuery } from '../status/status-routes';
import { outboxQuery } from '../mail/mail-routes';
import type { ReplyDoc, RouteAccess, RouteDoc } from './route-doc';

/** GET /api/training/tab-counts: how many records each tab of the training screen holds. */
const trainingTabCountsSchema = z.strictObject(Object.fromEntries(TRAINING_TABS.map((tab) => [tab, z.int()])) as Record<TrainingTab, z.ZodInt>);

/** The OpenAPI document itself is JSON of no fixed shape beyond `openapi`. */
const openApiDocumentSchema = z.looseObject({ openapi: z.literal('3.1.0') });

const json = (schema: z.ZodType, description = 'OK', headers?: Record<string, string>): Record<number, ReplyDoc> => ({
  200: { description, schema, ...(headers && { headers }) },
});

function read(path: string, summary: string, access: RouteAccess, replies: Record<number, ReplyDoc>, query?: z.ZodType): RouteDoc {
  return { service: 'read-api', method: 'GET', path, summary, access, replies, ...(query && { query }) };
}

const paged = { 'X-Total-Count': 'Rows matching before limit and offset' };
const readsVisits: RouteAccess = ['appointments.read', 'appointments.readOwn'];
const csv = (description: string): Record<number, ReplyDoc> => ({
  200: { description, contentType: 'text/csv', headers: { 'Content-Disposition': 'attachment; filename=…' } },
});

/**
 * Every GET of the read API (read-api/src/app.ts). Every one also takes the header X-Min-Position (a command's
 * `position`): the reply waits until the projections it reads have reached it (503 after 5 s).
 */
export const READ_ROUTE_DOCS: readonly RouteDoc[] = [
  read('/api/auth/user', 'Who is signed in', 'signed-in', json(authUserViewSchema)),
  read('/api/openapi.json', 'This description of the API', 'signed-in', json(openApiDocumentSchema, 'The OpenAPI 3.1 document')),
  read('/api/users', 'Every user account (User Management)', ['users.manage'], json(z.array(userViewSchema))),
  read('/api/access-log', 'Sign-ins, failures, lockouts, sign-outs and resets, newest first', ['admin.panel'], json(z.array(accessLogEntryViewSchema)), accessLogQuery),

  read('/api/carers', 'Carers (a carer: only their own record)', ['carers.read', 'carers.readOwn'], json(z.array(carerViewSchema)), carerListQuery),
  read('/api/carers/linkable-accounts', 'Carer accounts the carer form may link (not linked to another carer)', ['users.manage'], json(z.array(carerAccountViewSchema)), linkableQuery),
  read('/api/carers/:id', 'One carer', ['carers.read', 'carers.readOwn'], json(carerViewSchema)),

  read('/api/clients', 'Clients', ['clients.read'], json(z.array(clientViewSchema)), clientListQuery),
  read('/api/clients/:id', 'One client', ['clients.read'], json(clientViewSchema)),

  read('/api/training', 'Training records (a carer: only their own)', ['training.read', 'training.readOwn'], json(z.array(trainingViewSchema)), trainingListQuery),
  read('/api/training/tab-counts', "How many records each of the training screen's tabs holds, under the list's filters", ['training.read', 'training.readOwn'], json(trainingTabCountsSchema), trainingCountsQuery),
  read('/api/training/compliance', 'Training compliance per carer', ['training.read', 'training.readOwn'], json(z.array(trainingComplianceViewSchema))),
  read('/api/training/:id', 'One training record', ['training.read', 'training.readOwn'], json(trainingViewSchema)),

  read('/api/diary', 'Diary entries, newest first (confidential ones only to readers of them and their authors)', ['diary.read'], json(z.array(diaryEntryViewSchema)), diaryListQuery),
  read('/api/diary/weekly', 'The week (Monday first, London dates) holding ?date= (default today): each day\'s newest entries the reader may read and its count', ['diary.read'], json(diaryWeekViewSchema), diaryWeeklyQuery),
  read('/api/diary/carer-roster', 'Diary entries grouped by carer: each carer\'s count and latest entries, most recent first', ['diary.read'], json(z.array(diaryRosterGroupViewSchema), 'OK', paged), diaryRosterQuery),
  read('/api/diary/client-roster', 'Diary entries grouped by client: each client\'s count and latest entries, most recent first', ['diary.read'], json(z.array(diaryRosterGroupViewSchema), 'OK', paged), diaryRosterQuery),
  read('/api/diary/monitoring', 'Diary entries recorded against a visit, newest first, beside the visit (null when the reader may not read it)', ['diary.read'], json(z.array(diaryMonitoringRowViewSchema), 'OK', paged), diaryMonitoringQuery),
  read('/api/diary/map', "The day's visits (?date=, default today) at their check-in location, with the diary entries recorded against them (a carer: their own visits)", ['diary.read'], json(z.array(diaryMapVisitViewSchema)), diaryMapQuery),
  read('/api/diary/live-map', 'The visits in progress at their check-in location (a carer: their own)', ['diary.read'], json(z.array(diaryMapVisitViewSchema))),
  read('/api/diary/:id', 'One diary entry', ['diary.read'], json(diaryEntryViewSchema)),
  read('/api/diary/:id/history', 'Every version of a diary entry, oldest first', ['diary.read'], json(z.array(diaryEntryVersionViewSchema))),

  read('/api/voice-notes', 'Voice notes (private ones only to readers of them and their authors)', ['diary.read'], json(z.array(voiceNoteViewSchema)), voiceNoteListQuery),
  {
    ...read('/api/voice-notes/:id/audio', 'The recording (Range requests answered with 206)', ['diary.read'], {
      200: { description: 'The whole recording', contentType: 'audio/*', headers: { 'Accept-Ranges': 'bytes', ETag: 'Hash of the bytes' } },
      206: { description: 'The requested range', contentType: 'audio/*', headers: { 'Content-Range': 'bytes start-end/size' } },
    }),
    errors: { 416: { description: 'The range is outside the recording', schema: z.strictObject({ error: z.string() }) } },
  },

  read('/api/feedback', 'Feedback, newest first, with the sender', ['feedback.manage'], json(z.array(feedbackViewSchema)), feedbackListQuery),

  read('/api/appointments', 'Visits by start time (no dates: today ± 30 days)', readsVisits, json(z.array(appointmentViewSchema), 'OK', { 'X-Total-Count': 'Visits matching before limit and offset' }), appointmentListQuery),
  read('/api/appointments/today/count', "Today's visits, cancelled left out", readsVisits, json(appointmentCountViewSchema)),
  read('/api/appointments/summary', 'The cards: totals per status, active carers, hours, completion and punctuality rates', readsVisits, json(appointmentSummaryViewSchema), filterSchema()),
  read('/api/appointments/analytics', 'Figures per London day', readsVisits, json(z.array(appointmentDayFiguresSchema)), analyticsQuery),
  read('/api/appointments/export.csv', 'The matching visits as CSV', readsVisits, csv('The visits as CSV'), filterSchema()),
  read('/api/appointments/:id', 'One visit, with its signature', readsVisits, json(appointmentViewSchema)),
  read('/api/appointments/:id/history', 'Every event of a visit with who and when, oldest first', readsVisits, json(z.array(appointmentVersionViewSchema))),

  read('/api/monitoring', 'Care records of visits, one page and the total', readsVisits, json(monitoringPageViewSchema), monitoringQuery),
  read('/api/monitoring/export.csv', 'Every matching care record as CSV', readsVisits, csv('The care records as CSV'), monitoringQuery),

  read('/api/shifts', 'Rota shifts with the carer and the visits inside them', readsVisits, json(z.array(shiftViewSchema)), shiftListQuery),

  read('/api/alerts', 'Alerts, newest first (a carer: only those about their own carer record)', ['alerts.read', 'alerts.readOwn'], json(z.array(alertViewSchema), 'OK', paged), alertListQuery),
  read('/api/alerts/count', 'The bell: alerts nobody has acknowledged yet, of those the caller may read', ['alerts.read', 'alerts.readOwn'], json(alertCountSchema)),
  read('/api/alerts/:id', 'One alert', ['alerts.read', 'alerts.readOwn'], json(alertViewSchema)),

  read('/api/tasks', 'To-do tasks, newest first (without tasks.read: only those assigned to the caller)', ['tasks.read', 'tasks.readOwn'], json(z.array(taskViewSchema), 'OK', paged), taskListQuery),
  read('/api/tasks/:id', 'One to-do task', ['tasks.read', 'tasks.readOwn'], json(taskViewSchema)),

  read('/api/dashboard/stats', "Every dashboard figure: the agency's for staff, a carer's own work's for a carer (welfare and incidents null)", ['alerts.read', 'alerts.readOwn'], json(dashboardStatsSchema)),

  read('/api/status/projections', "Each projection's version, checkpoint, state, lag and skipped events", ['admin.panel'], json(z.array(projectionStatusViewSchema))),
  read('/api/status/system', 'System Status: each service process (version, uptime, heartbeat, up or down), request latency p50/p95 per service over 15 minutes, events in the store, the database, the automated jobs\' last runs', ['admin.panel'], json(systemStatusViewSchema)),
  read('/api/status/jobs', 'The automated features and their last runs', ['admin.panel'], json(systemStatusViewSchema.shape.jobs)),
  {
    ...read('/api/status/logs', "Download Logs: every service's structured log lines in the range (default: the last 24 hours) as one NDJSON file", ['admin.panel'], {
      200: { description: 'The log lines', contentType: 'application/x-ndjson', headers: { 'Content-Disposition': 'attachment; filename=…' } },
    }, logsQuery),
    errors: { 404: { description: 'No log folder is configured', schema: z.strictObject({ error: z.string() }) } },
  },

  read('/api/search', "The header's global search: users, carers and clients grouped, each group only when the caller may read that kind, and only the records they may read", 'signed-in', json(searchResultsViewSchema), searchQuery),
  read('/api/emergency', "The emergency screen: 999, the agency's on-call number, and the emergency contacts of the client of the caller's visit in progress or next", ['emergencies.raise'], json(emergencyContextViewSchema)),
  read('/api/account/notifications', "The caller's own notification choices (the defaults until they save some)", 'signed-in', json(notificationChoicesViewSchema)),
  read('/api/support', "The agency's support contacts and on-call number (null where not configured)", 'signed-in', json(supportInfoViewSchema)),

  {
    ...read('/api/admin/exports/:id/archive', "Export Data's archive (an export the caller recorded in the last 10 minutes): events.ndjson, the whole event log, and a CSV per list, in one zip", ['admin.panel'], {
      200: { description: 'The zip archive', contentType: 'application/zip', headers: { 'Content-Disposition': 'attachment; filename=…' } },
    }),
    errors: { 404: { description: 'No such export recorded by the caller', schema: z.strictObject({ error: z.string() }) } },
  },
  read('/api/mail/outbox', 'Every message sent or to send, newest first, with its fate (status, attempts, last error); never the body', ['admin.panel'], json(z.array(outboxMessageViewSchema), 'OK', paged), outboxQuery),
  read('/api/settings', "The agency's settings (the defaults until saved) and who saved them last", ['admin.panel'], json(agencySettingsViewSchema)),
  read('/api/settings/history', 'Every Save Settings that changed something, newest first: who, when, what', ['admin.panel'], json(z.array(agencySettingsChangeViewSchema), 'OK', paged), settingsHistoryQuery),
  read('/api/settings/agency', "The agency's details for documents and the emergency screen (saved settings, else configuration, else null)", 'signed-in', json(agencyDetailsViewSchema)),
];
