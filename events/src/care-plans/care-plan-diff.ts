import {
  CARE_PLAN_FIELD_LABELS,
  RISK_AREA_LABELS,
  RISK_LEVEL_LABELS,
  VISIT_TYPE_TASK_LABELS,
} from './care-plan-labels';
import { CARE_PLAN_FIELDS, type CarePlanContent, type CarePlanField } from './care-plan-events';

/** One field that differs between two versions, each side as the lines a person reads. */
export interface CarePlanFieldDiff {
  field: CarePlanField;
  label: string;
  before: string[];
  after: string[];
  /** Lines only in the later version, and only in the earlier one. */
  added: string[];
  removed: string[];
}

/** A field's value as lines of text: one per list entry, rating, contact or visit type. */
export function carePlanFieldLines(content: CarePlanContent, field: CarePlanField): string[] {
  switch (field) {
    case 'title':
    case 'description':
      return content[field] === '' ? [] : [content[field]];
    case 'objectives':
    case 'interventions':
    case 'goals':
    case 'allergies':
    case 'medicalConditions':
      return [...content[field]];
    case 'riskAssessment':
      return content.riskAssessment.map(
        (rating) =>
          `${RISK_AREA_LABELS[rating.area]}: ${RISK_LEVEL_LABELS[rating.level]}${rating.notes ? ` (${rating.notes})` : ''}`,
      );
    case 'emergencyContacts':
      return content.emergencyContacts.map((contact) => `${contact.name} (${contact.relationship}), ${contact.phone}`);
    case 'visitTasks':
      return content.visitTasks.map((list) => `${VISIT_TYPE_TASK_LABELS[list.visitType]}: ${list.tasks.join('; ')}`);
  }
}

/** Field by field, what changed from `before` to `after` (in the plan's field order); nothing when they are equal. */
export function diffCarePlans(before: CarePlanContent, after: CarePlanContent): CarePlanFieldDiff[] {
  const diffs: CarePlanFieldDiff[] = [];
  for (const field of CARE_PLAN_FIELDS) {
    if (JSON.stringify(before[field]) === JSON.stringify(after[field])) continue;
    const was = carePlanFieldLines(before, field);
    const now = carePlanFieldLines(after, field);
    diffs.push({
      field,
      label: CARE_PLAN_FIELD_LABELS[field],
      before: was,
      after: now,
      added: now.filter((line) => !was.includes(line)),
      removed: was.filter((line) => !now.includes(line)),
    });
  }
  return diffs;
}
