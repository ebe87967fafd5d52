import { z } from 'zod';
import type { Expect, Same } from '../api/same-type';
import { VISIT_TYPES } from '../enums';
import {
  CARE_PLAN_STATUSES,
  CARE_PLAN_TEMPLATE_KINDS,
  CONSENT_METHODS,
  REVIEW_OUTCOMES,
  RISK_AREAS,
  RISK_LEVELS,
} from './care-plan-enums';
import { CARE_PLAN_FIELDS } from './care-plan-events';
import type {
  CarePlanDetailView,
  CarePlanDiffView,
  CarePlanStats,
  CarePlanTemplateView,
  CarePlanView,
} from './care-plan-view';

const field = z
  .enum(CARE_PLAN_FIELDS as [string, ...string[]])
  .transform((value) => value as (typeof CARE_PLAN_FIELDS)[number]);
const riskRating = z.strictObject({
  area: z.enum(RISK_AREAS),
  level: z.enum(RISK_LEVELS),
  notes: z.string().nullable(),
});
const contact = z.strictObject({ name: z.string(), phone: z.string(), relationship: z.string() });
const visitTasks = z.strictObject({ visitType: z.enum(VISIT_TYPES), tasks: z.array(z.string()) });
const content = {
  title: z.string(),
  description: z.string(),
  objectives: z.array(z.string()),
  interventions: z.array(z.string()),
  goals: z.array(z.string()),
  riskAssessment: z.array(riskRating),
  allergies: z.array(z.string()),
  medicalConditions: z.array(z.string()),
  emergencyContacts: z.array(contact),
  visitTasks: z.array(visitTasks),
};
const agreement = z.strictObject({
  version: z.int(),
  agreedBy: z.string(),
  relationship: z.string(),
  method: z.enum(CONSENT_METHODS),
  agreedOn: z.string(),
  recordedByName: z.string().nullable(),
  recordedAt: z.string(),
});

const planShape = {
  ...content,
  id: z.uuid(),
  clientId: z.uuid(),
  clientName: z.string(),
  medications: z.array(
    z.strictObject({
      name: z.string(),
      dosage: z.string(),
      frequency: z.string(),
      instructions: z.string().nullable(),
    }),
  ),
  reviewDate: z.string(),
  reviewInDays: z.int(),
  status: z.enum(CARE_PLAN_STATUSES),
  createdByName: z.string().nullable(),
  lastUpdated: z.string(),
  createdAt: z.string(),
  version: z.int(),
  agreement: agreement.nullable(),
  agreed: z.boolean(),
  highRisk: z.boolean(),
  quality: z.strictObject({ score: z.int(), missing: z.array(z.string()) }),
  templateId: z.uuid().nullable(),
  templateName: z.string().nullable(),
  revision: z.string(),
};

/** CarePlanView for the API description and the tests that check replies against it. */
export const carePlanViewSchema = z.strictObject(planShape);

export const carePlanDetailViewSchema = z.strictObject({
  ...planShape,
  versions: z.array(
    z.strictObject({
      version: z.int(),
      content: z.strictObject(content),
      changedFields: z.array(field),
      reason: z.string(),
      byName: z.string().nullable(),
      at: z.string(),
      agreement: agreement.nullable(),
    }),
  ),
  reviews: z.array(
    z.strictObject({
      reviewedOn: z.string(),
      outcome: z.enum(REVIEW_OUTCOMES),
      version: z.int(),
      notes: z.string().nullable(),
      nextReviewDate: z.string(),
      byName: z.string().nullable(),
      at: z.string(),
    }),
  ),
  history: z.array(z.strictObject({ at: z.string(), byName: z.string().nullable(), summary: z.string() })),
});

export const carePlanDiffViewSchema = z.strictObject({
  from: z.int(),
  to: z.int(),
  changes: z.array(
    z.strictObject({
      field,
      label: z.string(),
      before: z.array(z.string()),
      after: z.array(z.string()),
      added: z.array(z.string()),
      removed: z.array(z.string()),
    }),
  ),
});

export const carePlanStatsSchema = z.strictObject({
  active: z.int(),
  dueForReview: z.int(),
  overdue: z.int(),
  highRiskClients: z.int(),
  avgQuality: z.int().nullable(),
});

export const carePlanTemplateViewSchema = z.strictObject({
  id: z.uuid(),
  name: z.string(),
  kind: z.enum(CARE_PLAN_TEMPLATE_KINDS),
  title: z.string(),
  description: z.string(),
  objectives: z.array(z.string()),
  interventions: z.array(z.string()),
  goals: z.array(z.string()),
  visitTasks: z.array(visitTasks),
  updatedByName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  revision: z.string(),
});

export type CarePlanViewSchemaMatches = [
  Expect<Same<z.infer<typeof carePlanViewSchema>, CarePlanView>>,
  Expect<Same<z.infer<typeof carePlanDetailViewSchema>, CarePlanDetailView>>,
  Expect<Same<z.infer<typeof carePlanDiffViewSchema>, CarePlanDiffView>>,
  Expect<Same<z.infer<typeof carePlanStatsSchema>, CarePlanStats>>,
  Expect<Same<z.infer<typeof carePlanTemplateViewSchema>, CarePlanTemplateView>>,
];
