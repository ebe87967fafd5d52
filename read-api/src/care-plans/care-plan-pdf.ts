import {
  CARE_PLAN_STATUS_LABELS,
  CONSENT_METHOD_LABELS,
  QUALITY_RULE_TEXT,
  REVIEW_OUTCOME_LABELS,
  RISK_AREA_LABELS,
  RISK_AREAS,
  RISK_LEVEL_LABELS,
  ukDate,
  ukDateOfInstant,
  VISIT_TYPE_TASK_LABELS,
  type CarePlanDetailView,
} from '@care/events';
import type { PdfBlock, PdfSpec } from '@care/documents';

const list = (items: readonly string[], none: string): PdfBlock => ({
  kind: 'paragraph',
  text: items.length > 0 ? items.map((item) => `• ${item}`).join('\n') : none,
});

/** View Full Plan as a document: the whole current version, who agreed it, the reviews and the history. */
export function carePlanPdfSpec(plan: CarePlanDetailView): PdfSpec {
  const agreement = plan.agreement;
  const blocks: PdfBlock[] = [
    {
      kind: 'fields',
      rows: [
        ['Client', plan.clientName],
        ['Status', CARE_PLAN_STATUS_LABELS[plan.status]],
        ['Version', `${plan.version}${plan.agreed ? ' (agreed)' : ' (not agreed yet)'}`],
        ['Review date', ukDate(plan.reviewDate)],
        ['Created by', plan.createdByName ?? 'Unknown'],
        ['Last updated', ukDateOfInstant(plan.lastUpdated)],
        [
          'Agreement',
          agreement
            ? `Version ${agreement.version} agreed by ${agreement.agreedBy} (${agreement.relationship}), ${CONSENT_METHOD_LABELS[agreement.method].toLowerCase()}, on ${ukDate(agreement.agreedOn)}`
            : 'Not agreed yet',
        ],
        [
          'Plan quality',
          `${plan.quality.score}%${plan.quality.missing.length > 0 ? ` (lacks: ${plan.quality.missing.join(', ')})` : ''}`,
        ],
      ],
    },
    { kind: 'heading', text: 'Description' },
    { kind: 'paragraph', text: plan.description || 'No description' },
    { kind: 'heading', text: 'Objectives' },
    list(plan.objectives, 'No objectives'),
    { kind: 'heading', text: 'Interventions' },
    list(plan.interventions, 'No interventions'),
    { kind: 'heading', text: 'Goals' },
    list(plan.goals, 'No goals'),
    { kind: 'heading', text: 'Risk assessment' },
    {
      kind: 'table',
      columns: [
        { header: 'Risk', width: 2 },
        { header: 'Rating', width: 1 },
        { header: 'Notes', width: 4 },
      ],
      rows: RISK_AREAS.map((area) => {
        const rating = plan.riskAssessment.find((entry) => entry.area === area);
        return [RISK_AREA_LABELS[area], rating ? RISK_LEVEL_LABELS[rating.level] : 'Not assessed', rating?.notes ?? ''];
      }),
    },
    { kind: 'heading', text: 'Medical conditions' },
    list(plan.medicalConditions, 'None recorded'),
    { kind: 'heading', text: 'Allergies' },
    list(plan.allergies, 'None recorded'),
    { kind: 'heading', text: 'Medications' },
    plan.medications.length > 0
      ? {
          kind: 'table',
          columns: [
            { header: 'Medicine', width: 2 },
            { header: 'Dosage' },
            { header: 'Frequency' },
            { header: 'Instructions', width: 2 },
          ],
          rows: plan.medications.map((medication) => [
            medication.name,
            medication.dosage,
            medication.frequency,
            medication.instructions ?? '',
          ]),
        }
      : { kind: 'paragraph', text: 'No medications recorded' },
    { kind: 'heading', text: 'Emergency contacts' },
    plan.emergencyContacts.length > 0
      ? {
          kind: 'table',
          columns: [
            { header: 'Name', width: 2 },
            { header: 'Relationship', width: 2 },
            { header: 'Phone', width: 2 },
          ],
          rows: plan.emergencyContacts.map((contact) => [contact.name, contact.relationship, contact.phone]),
        }
      : { kind: 'paragraph', text: 'None recorded' },
    { kind: 'heading', text: 'Tasks on visits' },
    plan.visitTasks.length > 0
      ? {
          kind: 'table',
          columns: [
            { header: 'Visit type', width: 1 },
            { header: 'Tasks', width: 4 },
          ],
          rows: plan.visitTasks.map((entry) => [VISIT_TYPE_TASK_LABELS[entry.visitType], entry.tasks.join('; ')]),
        }
      : { kind: 'paragraph', text: 'No tasks listed' },
    { kind: 'heading', text: 'Reviews' },
    plan.reviews.length > 0
      ? {
          kind: 'table',
          columns: [
            { header: 'Reviewed on' },
            { header: 'Outcome' },
            { header: 'Next review' },
            { header: 'By' },
            { header: 'Notes', width: 3 },
          ],
          rows: plan.reviews.map((review) => [
            ukDate(review.reviewedOn),
            REVIEW_OUTCOME_LABELS[review.outcome],
            ukDate(review.nextReviewDate),
            review.byName ?? '',
            review.notes ?? '',
          ]),
        }
      : { kind: 'paragraph', text: 'No review recorded yet' },
    { kind: 'heading', text: 'History' },
    {
      kind: 'table',
      fontSize: 8,
      columns: [
        { header: 'When', width: 1 },
        { header: 'Who', width: 1 },
        { header: 'What', width: 4 },
      ],
      rows: plan.history.map((line) => [ukDateOfInstant(line.at), line.byName ?? '', line.summary]),
    },
    { kind: 'paragraph', text: QUALITY_RULE_TEXT },
  ];
  return { title: plan.title, subtitle: `Care plan for ${plan.clientName}`, blocks };
}
