import { BUILT_IN_MAR_KEY, doseLabel, dosesBetween, londonClock, marCodeLabel, MEDICATION_LIMITS } from '@care/events';
import {
  activePrescriptionDoses,
  doseOutcomes,
  latestOutcomeOf,
  latestTwoOutcomes,
  type MedicationOutcomeFact,
  type PrescriptionDoseFact,
} from '@care/projector/rule-facts';
import type { AlertDraft, AlertRule, Cleared } from './rule';

/**
 * Doses whose window ended within this many hours are raised; older ones are history when the rule first runs on
 * an old store (an alert already raised stays open until the dose has an outcome or a person resolves it).
 */
export const MISSED_DOSE_LOOKBACK_HOURS = MEDICATION_LIMITS.overdueLookbackHours;
const HOUR_MS = 3_600_000;
const WATCHES = [
  'MedicationPrescribed',
  'PrescriptionChanged',
  'PrescriptionPaused',
  'PrescriptionResumed',
  'PrescriptionDiscontinued',
  'MedicationAdministrationRecorded',
  'MedicationAdministrationAmended',
] as const;

const windowMinutes = (timeCritical: boolean) =>
  timeCritical ? MEDICATION_LIMITS.timeCriticalWindowMinutes : MEDICATION_LIMITS.doseWindowMinutes;

/** The doses past the end of their window with no outcome (the subject is `<prescriptionId>/<dueAt>`). */
function missedDoses(prescriptions: readonly PrescriptionDoseFact[], now: Date, timeCritical: boolean): AlertDraft[] {
  const drafts: AlertDraft[] = [];
  for (const prescription of prescriptions) {
    if (prescription.timeCritical !== timeCritical) continue;
    const window = windowMinutes(timeCritical) * 60_000;
    const recorded = new Set(prescription.recorded);
    const from = new Date(now.getTime() - MISSED_DOSE_LOOKBACK_HOURS * HOUR_MS - window).toISOString();
    const to = new Date(now.getTime() - window).toISOString();
    for (const dose of dosesBetween(prescription.schedule, from, to)) {
      if (recorded.has(dose.dueAt)) continue;
      drafts.push({
        subject: `${prescription.id}/${dose.dueAt}`,
        title: timeCritical
          ? `Time-critical dose missed: ${prescription.name}`
          : `Medication dose missed: ${prescription.name}`,
        description: `${prescription.clientName}'s ${doseLabel(dose.dueAt)} dose of ${prescription.name} has no record of being given, refused or missed ${windowMinutes(timeCritical)} minutes after it was due.`,
        relatedKind: 'prescription',
        relatedId: prescription.id,
        carerId: null,
        clientId: prescription.clientId,
        appointmentId: null,
        actionRequired: timeCritical
          ? 'Contact the client or their carer now, and the prescriber if the dose cannot be given'
          : 'Find out whether the dose was given and record its outcome',
        dueDate: null,
      });
    }
  }
  return drafts;
}

const outcomeText = (outcome: MedicationOutcomeFact) =>
  `Recorded: ${outcome.addedCodeLabel ?? marCodeLabel(BUILT_IN_MAR_KEY, outcome.code)} at ${londonClock(outcome.administeredAt)}${outcome.reason ? ` (${outcome.reason})` : ''}`;

async function whyDoseCleared(
  db: Parameters<AlertRule<unknown>['whyCleared']>[0],
  subjects: readonly string[],
): Promise<Cleared[]> {
  const { outcomes, statuses } = await doseOutcomes(db, subjects);
  return subjects.flatMap((subject) => {
    const [prescriptionId, dueAt] = subject.split('/') as [string, string];
    const outcome = outcomes.find(
      (o) => o.prescriptionId === prescriptionId && o.dueAt.toISOString() === new Date(dueAt).toISOString(),
    );
    if (outcome) return [{ subject, note: outcomeText(outcome) }];
    const status = statuses.get(prescriptionId);
    if (status === 'discontinued' || status === 'paused') return [{ subject, note: `The prescription was ${status}` }];
    return [];
  });
}

const missedRule = (timeCritical: boolean): AlertRule<PrescriptionDoseFact> => ({
  name: timeCritical ? 'medication-time-critical-missed' : 'medication-dose-missed',
  severity: timeCritical ? 'critical' : 'high',
  summary: timeCritical
    ? `A dose of a time-critical medicine has no outcome ${MEDICATION_LIMITS.timeCriticalWindowMinutes} minutes after it was due (doses of the last 24 hours). Cleared when an outcome is recorded.`
    : `A scheduled dose has no outcome (given, refused, missed…) ${MEDICATION_LIMITS.doseWindowMinutes} minutes after it was due (doses of the last 24 hours). Cleared when an outcome is recorded.`,
  reads: ['medications', 'appointments'],
  watches: WATCHES,
  facts: (db, now) => activePrescriptionDoses(db, new Date(now.getTime() - (MISSED_DOSE_LOOKBACK_HOURS + 2) * HOUR_MS)),
  holds: (prescriptions, now) => missedDoses(prescriptions, now, timeCritical),
  whyCleared: (db, subjects) => whyDoseCleared(db, subjects),
});

export const medicationDoseMissed = missedRule(false);
export const medicationTimeCriticalMissed = missedRule(true);

/** Refusals in the last week start a streak worth raising; the subject is the prescription. */
export const REFUSAL_LOOKBACK_DAYS = 7;

/** Two refusals in a row: the two latest outcomes of a prescription's scheduled doses are both refusals. */
export const medicationRefusedTwice: AlertRule<MedicationOutcomeFact> = {
  name: 'medication-refused-twice',
  severity: 'medium',
  summary:
    'The two latest scheduled doses of a medicine were both refused (refusals of the last 7 days). Cleared by a later dose that was not refused.',
  reads: ['medications', 'appointments'],
  watches: WATCHES,
  facts: (db, now) => latestTwoOutcomes(db, new Date(now.getTime() - REFUSAL_LOOKBACK_DAYS * 24 * HOUR_MS)),
  holds: (outcomes, now) => {
    const byPrescription = new Map<string, MedicationOutcomeFact[]>();
    for (const outcome of outcomes)
      byPrescription.set(outcome.prescriptionId, [...(byPrescription.get(outcome.prescriptionId) ?? []), outcome]);
    const since = now.getTime() - REFUSAL_LOOKBACK_DAYS * 24 * HOUR_MS;
    return [...byPrescription.values()].flatMap((pair) => {
      const [latest, before] = [...pair].sort((a, b) => b.dueAt.getTime() - a.dueAt.getTime());
      if (
        !latest ||
        !before ||
        latest.status !== 'refused' ||
        before.status !== 'refused' ||
        latest.dueAt.getTime() < since
      )
        return [];
      return [
        {
          subject: latest.prescriptionId,
          title: `${latest.name} refused twice in a row`,
          description: `${latest.clientName} refused ${latest.name} at ${doseLabel(before.dueAt.toISOString())} and ${doseLabel(latest.dueAt.toISOString())}${latest.reason ? ` ("${latest.reason}")` : ''}.`,
          relatedKind: 'prescription' as const,
          relatedId: latest.prescriptionId,
          carerId: null,
          clientId: latest.clientId,
          appointmentId: null,
          actionRequired: 'Talk to the client and their GP or pharmacist about the refusals',
          dueDate: null,
        },
      ];
    });
  },
  whyCleared: async (db, subjects) => {
    const latest = await latestOutcomeOf(db, subjects);
    return subjects.flatMap((subject) => {
      const outcome = latest.find((o) => o.prescriptionId === subject);
      if (!outcome) return [{ subject, note: 'No recent refusals recorded' }];
      return outcome.status === 'refused' ? [] : [{ subject, note: outcomeText(outcome) }];
    });
  },
};
