import {
  changedFields,
  defaultDutyDueDate,
  dutyAppliesFor,
  dutyMet,
  INCIDENT_DUTY_LABELS,
  INCIDENT_SEVERITIES,
  INCIDENT_SEVERITY_LABELS,
  isStepOf,
  londonToday,
  type IncidentSliceEvent,
  type IncidentStatus,
  ukDate,
} from '@care/events';
import { assertNever } from '../shared/assert-never';
import { DomainError } from '../shared/domain-error';
import type { IncidentCommand } from './incident-commands';
import type { IncidentState } from './incident-state';

export const INCIDENT_NOT_FOUND = 'Incident not found';
export const REFERRAL_NOT_FOUND = 'Safeguarding referral not found';
export const OCCURRED_IN_FUTURE = 'Date occurred cannot be in the future';
export const FOLLOW_UP_NOT_DONE = 'The follow-up is not done: record it as done, or waive it with a reason';

type ExistingIncident = Extract<IncidentState, { exists: true }>;

function existing(state: IncidentState): ExistingIncident {
  if (!state.exists) throw new DomainError('not_found', INCIDENT_NOT_FOUND);
  return state;
}

/** Notes, amendments, escalations, referrals and duties need the incident not closed: reopening it says why first. */
function notClosed(state: IncidentState, doing: string): ExistingIncident {
  const incident = existing(state);
  if (incident.status === 'closed') throw new DomainError('conflict', `Incident is closed: reopen it to ${doing}`);
  return incident;
}

/** Why a step of the status path cannot be taken from `status` (409), or undefined when it can. */
const STEP_REFUSALS: Record<'investigate' | 'resolve' | 'close', Partial<Record<IncidentStatus, string>>> = {
  investigate: {
    investigating: 'Incident is already under investigation',
    resolved: 'Incident is resolved: reopen it to investigate again',
    closed: 'Incident is closed: reopen it to investigate again',
  },
  resolve: {
    reported: 'Start the investigation before resolving the incident',
    resolved: 'Incident is already resolved',
    closed: 'Incident is closed',
  },
  close: {
    reported: 'Only a resolved incident can be closed: start the investigation and resolve it first',
    investigating: 'Only a resolved incident can be closed: resolve it first',
    closed: 'Incident is already closed',
  },
};

function mayStep(incident: ExistingIncident, step: keyof typeof STEP_REFUSALS): void {
  const refusal = STEP_REFUSALS[step][incident.status];
  if (refusal) throw new DomainError('conflict', refusal);
}

const severityRank = (severity: string): number => (INCIDENT_SEVERITIES as readonly string[]).indexOf(severity);

/**
 * The incident aggregate's rules. Pure. Status: reported → investigating → resolved → closed; resolved or
 * closed → investigating again (reopen, with a reason). Any other step is a 409 saying why. The report is never
 * rewritten: corrections are IncidentAmended with only the changed fields.
 */
export function decide(command: IncidentCommand, state: IncidentState): IncidentSliceEvent[] {
  switch (command.type) {
    case 'ReportIncident': {
      if (state.exists) throw new DomainError('conflict', 'Incident already exists');
      if (Date.parse(command.details.dateOccurred) > command.now.getTime())
        throw new DomainError('invalid', OCCURRED_IN_FUTURE, 'dateOccurred');
      return [
        {
          type: 'IncidentReported',
          data: {
            id: command.id,
            ...command.details,
            appointmentId: command.appointmentId,
            diaryEntryId: command.diaryEntryId,
          },
        },
      ];
    }
    case 'AmendIncident': {
      const incident = notClosed(state, 'amend it');
      if (
        command.changes.dateOccurred !== undefined &&
        Date.parse(command.changes.dateOccurred) > command.now.getTime()
      ) {
        throw new DomainError('invalid', OCCURRED_IN_FUTURE, 'dateOccurred');
      }
      const changes = changedFields(incident.details, command.changes);
      if (Object.keys(changes).length === 0)
        throw new DomainError('invalid', 'Nothing to amend: every field is as recorded', 'reason');
      const clientId = changes.clientId !== undefined ? changes.clientId : incident.details.clientId;
      return [{ type: 'IncidentAmended', data: { id: command.id, changes, reason: command.reason, clientId } }];
    }
    case 'StartInvestigation': {
      const incident = existing(state);
      mayStep(incident, 'investigate');
      return [{ type: 'IncidentInvestigationStarted', data: { id: command.id, clientId: incident.details.clientId } }];
    }
    case 'AddInvestigationNote': {
      const incident = notClosed(state, 'add notes');
      return [
        {
          type: 'IncidentNoteAdded',
          data: { id: command.id, noteId: command.noteId, note: command.note, clientId: incident.details.clientId },
        },
      ];
    }
    case 'CompleteFollowUp': {
      const incident = notClosed(state, 'record the follow-up');
      if (!incident.details.followUpRequired)
        throw new DomainError('conflict', 'No follow-up is required for this incident');
      if (incident.followUpDone) throw new DomainError('conflict', 'The follow-up is already recorded as done');
      return [
        {
          type: 'IncidentFollowUpCompleted',
          data: { id: command.id, notes: command.notes, clientId: incident.details.clientId },
        },
      ];
    }
    case 'ResolveIncident': {
      const incident = existing(state);
      mayStep(incident, 'resolve');
      return [
        {
          type: 'IncidentResolved',
          data: { id: command.id, resolutionSummary: command.resolutionSummary, clientId: incident.details.clientId },
        },
      ];
    }
    case 'CloseIncident': {
      const incident = existing(state);
      mayStep(incident, 'close');
      const followUpOpen = incident.details.followUpRequired && !incident.followUpDone;
      if (followUpOpen && command.followUpWaivedReason === null)
        throw new DomainError('invalid', FOLLOW_UP_NOT_DONE, 'followUpWaivedReason');
      const outstanding = [...incident.duties].find(([duty, current]) => !dutyMet(duty, current.steps));
      if (outstanding) {
        const [duty, current] = outstanding;
        throw new DomainError(
          'conflict',
          `A statutory duty is outstanding: ${INCIDENT_DUTY_LABELS[duty]} due ${ukDate(current.dueDate)}`,
        );
      }
      // A waiver is recorded only when it waives something: otherwise the record would say a done follow-up was waived.
      const followUpWaivedReason = followUpOpen ? command.followUpWaivedReason : null;
      return [
        { type: 'IncidentClosed', data: { id: command.id, followUpWaivedReason, clientId: incident.details.clientId } },
      ];
    }
    case 'ReopenIncident': {
      const incident = existing(state);
      if (incident.status !== 'resolved' && incident.status !== 'closed') {
        throw new DomainError('conflict', 'Incident is still open: only a resolved or closed incident can be reopened');
      }
      return [
        {
          type: 'IncidentReopened',
          data: { id: command.id, reason: command.reason, clientId: incident.details.clientId },
        },
      ];
    }
    case 'EscalateIncident': {
      const incident = existing(state);
      if (incident.status === 'resolved' || incident.status === 'closed') {
        throw new DomainError('conflict', `Incident is ${incident.status}: reopen it to escalate it`);
      }
      const from = incident.details.severity;
      if (command.severity === null && command.escalatedTo === null) {
        throw new DomainError('invalid', 'Raise the severity or choose the person to hand it to', 'severity');
      }
      if (command.severity !== null && severityRank(command.severity) <= severityRank(from)) {
        throw new DomainError(
          'invalid',
          `Severity must be higher than it is now (${INCIDENT_SEVERITY_LABELS[from]})`,
          'severity',
        );
      }
      return [
        {
          type: 'IncidentEscalated',
          data: {
            id: command.id,
            fromSeverity: from,
            severity: command.severity ?? from,
            escalatedTo: command.escalatedTo,
            reason: command.reason,
            clientId: incident.details.clientId,
          },
        },
      ];
    }
    case 'ReferToSafeguarding': {
      const incident = notClosed(state, 'record a safeguarding referral');
      if (command.referredOn > command.today)
        throw new DomainError('invalid', 'Date referred cannot be in the future', 'referredOn');
      if (incident.referrals.has(command.referralId)) throw new DomainError('conflict', 'Referral already recorded');
      return [
        {
          type: 'IncidentSafeguardingReferred',
          data: {
            id: command.id,
            referralId: command.referralId,
            referredOn: command.referredOn,
            referredTo: command.referredTo,
            localAuthorityReference: command.localAuthorityReference,
            outcome: command.outcome,
            clientId: incident.details.clientId,
          },
        },
      ];
    }
    case 'UpdateSafeguardingReferral': {
      // The local authority's outcome often arrives after the incident is closed: it may still be recorded.
      const incident = existing(state);
      if (!incident.referrals.has(command.referralId)) throw new DomainError('not_found', REFERRAL_NOT_FOUND);
      if (command.localAuthorityReference === undefined && command.outcome === undefined) {
        throw new DomainError('invalid', 'Give the reference or the outcome', 'outcome');
      }
      return [
        {
          type: 'IncidentSafeguardingReferralUpdated',
          data: {
            id: command.id,
            referralId: command.referralId,
            ...(command.localAuthorityReference !== undefined && {
              localAuthorityReference: command.localAuthorityReference,
            }),
            ...(command.outcome !== undefined && { outcome: command.outcome }),
            clientId: incident.details.clientId,
          },
        },
      ];
    }
    case 'IdentifyDuty': {
      const incident = notClosed(state, 'record a statutory duty');
      if (!dutyAppliesFor(command.duty, command.reason))
        throw new DomainError('invalid', 'This reason does not apply to this duty', 'reason');
      if (incident.duties.has(command.duty))
        throw new DomainError(
          'conflict',
          `${INCIDENT_DUTY_LABELS[command.duty]} is already recorded for this incident`,
        );
      const dueDate =
        command.dueDate ??
        defaultDutyDueDate(command.duty, command.reason, {
          aware: incident.reportedOn,
          occurred: londonToday(new Date(incident.details.dateOccurred)),
        });
      return [
        {
          type: 'IncidentDutyIdentified',
          data: {
            id: command.id,
            duty: command.duty,
            reason: command.reason,
            dueDate,
            clientId: incident.details.clientId,
          },
        },
      ];
    }
    case 'RecordDutyStep': {
      const incident = notClosed(state, 'record a statutory duty');
      const duty = incident.duties.get(command.duty);
      if (!duty)
        throw new DomainError('conflict', `Record that the ${INCIDENT_DUTY_LABELS[command.duty]} applies first`);
      if (!isStepOf(command.duty, command.step))
        throw new DomainError('invalid', 'This step is not part of this duty', 'step');
      if (duty.steps.has(command.step)) throw new DomainError('conflict', 'This step is already recorded');
      if (command.doneOn > command.today) throw new DomainError('invalid', 'Date cannot be in the future', 'doneOn');
      return [
        {
          type: 'IncidentDutyStepRecorded',
          data: {
            id: command.id,
            duty: command.duty,
            step: command.step,
            doneOn: command.doneOn,
            reference: command.reference,
            clientId: incident.details.clientId,
          },
        },
      ];
    }
    default:
      return assertNever(command);
  }
}
