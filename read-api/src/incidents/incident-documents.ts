import {
  INCIDENT_DUTY_LABELS,
  INCIDENT_DUTY_REASON_LABELS,
  INCIDENT_DUTY_STEP_LABELS,
  INCIDENT_SEVERITY_LABELS,
  INCIDENT_STATUS_LABELS,
  INCIDENT_TYPE_LABELS,
  type IncidentDetailView,
  type IncidentSummaryView,
  type IncidentView,
  type PersonRef,
  ukDate,
} from '@care/events';
import type { CsvValue, PdfBlock, PdfSpec } from '@care/documents';
import { formatLondonDateTime } from './incident-timeline';

const who = (person: PersonRef | null): string => (person ? `${person.firstName} ${person.lastName}`.trim() : 'System');
const orDash = (value: string | null | undefined): string =>
  value === null || value === undefined || value === '' ? '—' : value;

/** Full Report: the whole record of one incident with its timeline, as an inspector would read it. */
export function incidentFullReport(incident: IncidentDetailView, generatedAt: Date, generatedBy: string): PdfSpec {
  const blocks: PdfBlock[] = [
    { kind: 'heading', text: 'The report' },
    {
      kind: 'fields',
      rows: [
        ['Type', INCIDENT_TYPE_LABELS[incident.type]],
        ['Severity', INCIDENT_SEVERITY_LABELS[incident.severity]],
        ['Status', INCIDENT_STATUS_LABELS[incident.status]],
        ['Date occurred', formatLondonDateTime(incident.dateOccurred)],
        ['Reported', `${formatLondonDateTime(incident.createdAt)} by ${orDash(incident.reportedByName)}`],
        ['Location', orDash(incident.location)],
        ['Client', orDash(incident.clientName)],
        ['Carer', orDash(incident.carerName)],
        ['Witness details', orDash(incident.witnessDetails)],
        ['Immediate action', orDash(incident.immediateAction)],
        ['Follow-up required', incident.followUpRequired ? `Yes: ${orDash(incident.followUpNotes)}` : 'No'],
        ['Follow-up done', orDash(incident.followUpDoneNotes)],
        [
          'Reported from',
          incident.diaryEntryId ? 'A diary entry' : incident.appointmentId ? 'A visit' : 'The incident form',
        ],
      ],
    },
    { kind: 'heading', text: 'Description' },
    { kind: 'paragraph', text: incident.description },
    { kind: 'heading', text: 'Investigation and outcome' },
    {
      kind: 'fields',
      rows: [
        [
          'Escalated',
          incident.escalated ? `Yes${incident.escalatedTo ? `, handed to ${who(incident.escalatedTo)}` : ''}` : 'No',
        ],
        ['Resolution summary', orDash(incident.resolutionSummary)],
        ['Resolved', incident.resolvedAt ? formatLondonDateTime(incident.resolvedAt) : '—'],
        ['Closed', incident.closedAt ? formatLondonDateTime(incident.closedAt) : '—'],
      ],
    },
    { kind: 'heading', text: 'Statutory duties' },
    incident.duties.length === 0
      ? { kind: 'paragraph', text: 'No statutory duty recorded.' }
      : {
          kind: 'table',
          columns: [
            { header: 'Duty', width: 2 },
            { header: 'Why', width: 2 },
            { header: 'Due', width: 1 },
            { header: 'Done', width: 3 },
            { header: 'State', width: 1 },
          ],
          rows: incident.duties.map((duty) => [
            INCIDENT_DUTY_LABELS[duty.duty],
            INCIDENT_DUTY_REASON_LABELS[duty.reason],
            ukDate(duty.dueDate),
            duty.steps
              .map(
                (step) =>
                  `${INCIDENT_DUTY_STEP_LABELS[step.step]} ${ukDate(step.doneOn)}${step.reference ? ` (${step.reference})` : ''}`,
              )
              .join('; ') || '—',
            duty.met ? 'Met' : duty.overdue ? 'Overdue' : 'Open',
          ]),
        },
    { kind: 'heading', text: 'Safeguarding referrals' },
    incident.referrals.length === 0
      ? { kind: 'paragraph', text: 'No safeguarding referral recorded.' }
      : {
          kind: 'table',
          columns: [
            { header: 'Referred on', width: 1 },
            { header: 'To', width: 2 },
            { header: 'Reference', width: 1 },
            { header: 'Outcome', width: 3 },
          ],
          rows: incident.referrals.map((referral) => [
            ukDate(referral.referredOn),
            referral.referredTo,
            orDash(referral.localAuthorityReference),
            orDash(referral.outcome),
          ]),
        },
    { kind: 'heading', text: 'Investigation notes' },
    incident.notes.length === 0
      ? { kind: 'paragraph', text: 'No investigation notes.' }
      : {
          kind: 'table',
          columns: [
            { header: 'When', width: 1 },
            { header: 'By', width: 1 },
            { header: 'Note', width: 4 },
          ],
          rows: incident.notes.map((note) => [formatLondonDateTime(note.at), who(note.by), note.note]),
        },
    { kind: 'heading', text: 'Timeline' },
    {
      kind: 'table',
      columns: [
        { header: 'When', width: 1 },
        { header: 'By', width: 1 },
        { header: 'What happened', width: 4 },
      ],
      rows: incident.timeline.map((entry) => [
        formatLondonDateTime(entry.at),
        who(entry.by),
        [
          entry.summary,
          ...entry.changes.map((change) =>
            change.before === null
              ? `${change.field}: ${orDash(change.after)}`
              : `${change.field}: ${change.before} → ${orDash(change.after)}`,
          ),
        ].join('\n'),
      ]),
      fontSize: 8,
    },
  ];
  return {
    title: `Incident Report: ${incident.title}`,
    subtitle: `Generated ${formatLondonDateTime(generatedAt)} by ${generatedBy}. Incident ${incident.id}.`,
    blocks,
  };
}

const LIST_COLUMNS = [
  'Date occurred',
  'Title',
  'Type',
  'Severity',
  'Status',
  'Client',
  'Carer',
  'Reported by',
  'Duties overdue',
] as const;

function listRow(incident: IncidentView): string[] {
  return [
    formatLondonDateTime(incident.dateOccurred),
    incident.title,
    INCIDENT_TYPE_LABELS[incident.type],
    INCIDENT_SEVERITY_LABELS[incident.severity],
    INCIDENT_STATUS_LABELS[incident.status],
    orDash(incident.clientName),
    orDash(incident.carerName),
    orDash(incident.reportedByName),
    String(incident.duties.filter((duty) => duty.overdue).length),
  ];
}

/** Generate Report (PDF): the figures and every incident matching the screen's filters. */
export function incidentListReport(
  incidents: readonly IncidentView[],
  summary: IncidentSummaryView,
  filters: string,
  generatedAt: Date,
): PdfSpec {
  return {
    title: 'Incident Report',
    subtitle: `${filters}. Generated ${formatLondonDateTime(generatedAt)}.`,
    layout: 'landscape',
    blocks: [
      {
        kind: 'fields',
        rows: [
          ['Critical Incidents', String(summary.critical)],
          ['Open Cases', String(summary.open)],
          ['This Week', String(summary.thisWeek)],
          ['Total Incidents', String(summary.total)],
          ['Statutory duties overdue', String(summary.overdueDuties)],
        ],
      },
      incidents.length === 0
        ? { kind: 'paragraph', text: 'No incidents match these filters.' }
        : {
            kind: 'table',
            columns: [
              { header: LIST_COLUMNS[0], width: 2 },
              { header: LIST_COLUMNS[1], width: 4 },
              ...LIST_COLUMNS.slice(2).map((header) => ({ header, width: 2 })),
            ],
            rows: incidents.map(listRow),
            fontSize: 8,
          },
    ],
  };
}

/** Generate Report (CSV): the same rows, with the description and outcome. */
export function incidentCsvRows(incidents: readonly IncidentView[]): { header: string[]; rows: CsvValue[][] } {
  return {
    header: [...LIST_COLUMNS, 'Location', 'Description', 'Immediate action', 'Resolution summary', 'Incident ID'],
    rows: incidents.map((incident) => [
      ...listRow(incident),
      incident.location,
      incident.description,
      incident.immediateAction,
      incident.resolutionSummary,
      incident.id,
    ]),
  };
}
