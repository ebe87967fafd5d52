import {
  INCIDENT_DUTY_LABELS,
  INCIDENT_SEVERITY_LABELS,
  INCIDENT_TYPE_LABELS,
  londonToday,
  type IncidentDuty,
  type IncidentSeverity,
  type IncidentType,
  ukDate,
} from '@care/events';
import {
  incidentsById,
  incidentsWithOverdueDuties,
  openCriticalIncidents,
  openEscalatedIncidents,
  type IncidentFact,
} from '@care/projector/rule-facts';
import type { AlertDraft, AlertRule } from './rule';

const INCIDENT_EVENTS = [
  'IncidentReported',
  'IncidentAmended',
  'IncidentInvestigationStarted',
  'IncidentResolved',
  'IncidentClosed',
  'IncidentReopened',
  'IncidentEscalated',
  'IncidentDutyIdentified',
  'IncidentDutyStepRecorded',
] as const;

const about = (incident: IncidentFact): string => (incident.clientName ? ` about ${incident.clientName}` : '');
const isOpen = (incident: IncidentFact): boolean =>
  incident.status === 'reported' || incident.status === 'investigating';

/**
 * Incident alerts are for the office: the carer field stays empty, so no carer reads them through alerts.readOwn
 * (a safeguarding concern may be about a carer).
 */
function draft(
  incident: IncidentFact,
  subject: string,
  fields: Pick<AlertDraft, 'title' | 'description' | 'actionRequired'> & { dueDate?: string | null },
): AlertDraft {
  return {
    subject,
    relatedKind: 'incident',
    relatedId: incident.id,
    carerId: null,
    clientId: incident.clientId,
    appointmentId: null,
    dueDate: null,
    ...fields,
  };
}

/** Why an incident's alert cleared, from what the record says now. */
async function clearedBecause(
  db: Parameters<AlertRule<IncidentFact>['facts']>[0],
  subjects: readonly string[],
  reason: (incident: IncidentFact, subject: string) => string | null,
) {
  const incidents = await incidentsById(db, [...new Set(subjects.map((subject) => subject.split('/')[0]!))]);
  return subjects.flatMap((subject) => {
    const incident = incidents.find((candidate) => candidate.id === subject.split('/')[0]);
    if (!incident) return [{ subject, note: 'The incident is no longer recorded' }];
    const note = reason(incident, subject);
    return note === null ? [] : [{ subject, note }];
  });
}

const statusNote = (incident: IncidentFact): string | null =>
  isOpen(incident) ? null : `The incident was ${incident.status}`;

/** A critical or safeguarding incident, from its report until it is resolved. */
export const incidentCritical: AlertRule<IncidentFact> = {
  name: 'incident-critical',
  severity: 'critical',
  summary:
    'A critical or safeguarding incident is open (reported or under investigation). Cleared when it is resolved.',
  reads: ['incidents'],
  watches: [...INCIDENT_EVENTS],
  facts: (db) => openCriticalIncidents(db),
  holds: (incidents) =>
    incidents.map((incident) =>
      draft(incident, incident.id, {
        title: incident.type === 'safeguarding' ? 'Safeguarding incident reported' : 'Critical incident reported',
        description: `${INCIDENT_TYPE_LABELS[incident.type as IncidentType]} (${INCIDENT_SEVERITY_LABELS[incident.severity as IncidentSeverity]}): "${incident.title}"${about(incident)}.`,
        actionRequired:
          incident.type === 'safeguarding'
            ? 'Make the person safe, then consider a safeguarding referral'
            : 'Investigate the incident now',
      }),
    ),
  whyCleared: (db, subjects) =>
    clearedBecause(
      db,
      subjects,
      (incident) =>
        statusNote(incident) ??
        (incident.severity !== 'critical' && incident.type !== 'safeguarding'
          ? 'Amended: no longer critical or safeguarding'
          : null),
    ),
};

/** Each escalation of an open incident (one alert per escalation), until the incident is resolved. */
export const incidentEscalated: AlertRule<IncidentFact> = {
  name: 'incident-escalated',
  severity: 'high',
  summary:
    'An open incident was escalated (severity raised or handed to a named person). Cleared when it is resolved or escalated again.',
  reads: ['incidents'],
  watches: [...INCIDENT_EVENTS],
  facts: (db) => openEscalatedIncidents(db),
  holds: (incidents) =>
    incidents.flatMap((incident) =>
      incident.escalatedAt === null
        ? []
        : [
            draft(incident, `${incident.id}/${incident.escalatedAt.toISOString()}`, {
              title: 'Incident escalated',
              description:
                `"${incident.title}"${about(incident)} was escalated (now ${INCIDENT_SEVERITY_LABELS[incident.severity as IncidentSeverity]}): ${incident.escalationReason ?? ''}`.trim(),
              actionRequired: 'Review the incident and act on the escalation',
            }),
          ],
    ),
  whyCleared: (db, subjects) => clearedBecause(db, subjects, (incident) => statusNote(incident) ?? 'Escalated again'),
};

/** A CQC notification, RIDDOR report or duty-of-candour step past its due date. */
export const incidentDutyOverdue: AlertRule<IncidentFact> = {
  name: 'incident-duty-overdue',
  severity: 'high',
  summary:
    'A statutory duty of an incident (CQC notification, RIDDOR report, duty of candour) is not met by its due date. Cleared when it is recorded as done.',
  reads: ['incidents'],
  watches: [...INCIDENT_EVENTS],
  facts: (db, now) => incidentsWithOverdueDuties(db, now),
  holds: (incidents, now) => {
    const today = londonToday(now);
    return incidents.flatMap((incident) =>
      incident.duties
        .filter((duty) => !duty.met && duty.dueDate < today)
        .map((duty) =>
          draft(incident, `${incident.id}/${duty.duty}`, {
            title: `${INCIDENT_DUTY_LABELS[duty.duty as IncidentDuty]} overdue`,
            description: `${INCIDENT_DUTY_LABELS[duty.duty as IncidentDuty]} for "${incident.title}"${about(incident)} was due on ${ukDate(duty.dueDate)}.`,
            actionRequired: 'Send it now and record it on the incident',
          }),
        ),
    );
  },
  whyCleared: (db, subjects) =>
    clearedBecause(db, subjects, (incident, subject) => {
      const duty = incident.duties.find((candidate) => candidate.duty === subject.split('/')[1]);
      return duty?.met
        ? `${INCIDENT_DUTY_LABELS[duty.duty as IncidentDuty]} recorded as done`
        : 'The duty is no longer outstanding';
    }),
};
