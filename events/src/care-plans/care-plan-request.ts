import { z } from 'zod';
import { VISIT_TYPES } from '../enums';
import {
  integerBetween,
  optionalReference,
  optionalText,
  requiredDate,
  requiredReference,
  requiredText,
  safeText,
  textList,
} from '../fields';
import { LIST_LIMITS, TEXT_LIMITS } from '../limits';
import {
  CARE_PLAN_STATUSES,
  CARE_PLAN_TEMPLATE_KINDS,
  CONSENT_METHODS,
  REVIEW_OUTCOMES,
  RISK_AREAS,
  RISK_LEVELS,
} from './care-plan-enums';
import { MAX_CARE_PLAN_VERSION } from './care-plan-events';

export const CARE_PLAN_MESSAGES = {
  titleRequired: 'Title is required',
  reviewDateRequired: 'Review date is required',
  reasonRequired: 'Say why the plan changed',
  oneRatingPerArea: 'Rate each risk area once',
  oneTaskListPerVisitType: 'List the tasks of each visit type once',
} as const;

const items = textList(LIST_LIMITS.carePlanItems, TEXT_LIMITS.carePlanEntry);
const conditions = textList(LIST_LIMITS.clientConditions, TEXT_LIMITS.listEntry);

const riskRating = z.object({
  area: z.enum(RISK_AREAS, { error: `Risk area must be one of: ${RISK_AREAS.join(', ')}` }),
  level: z.enum(RISK_LEVELS, { error: 'Rate the risk low, medium or high' }),
  notes: optionalText(TEXT_LIMITS.carePlanEntry).transform((value) => value ?? null),
});
/** One rating per area, kept in RISK_AREAS order so that versions compare field by field. */
const riskAssessment = z
  .array(riskRating)
  .max(RISK_AREAS.length, CARE_PLAN_MESSAGES.oneRatingPerArea)
  .refine(
    (ratings) => new Set(ratings.map((rating) => rating.area)).size === ratings.length,
    CARE_PLAN_MESSAGES.oneRatingPerArea,
  )
  .transform((ratings) => [...ratings].sort((a, b) => RISK_AREAS.indexOf(a.area) - RISK_AREAS.indexOf(b.area)));

const emergencyContact = z.object({
  name: requiredText('Contact name is required', TEXT_LIMITS.contactName),
  phone: requiredText('Contact phone is required', TEXT_LIMITS.phone),
  relationship: requiredText('Relationship is required', TEXT_LIMITS.relationship),
});
const emergencyContacts = z
  .array(emergencyContact)
  .max(LIST_LIMITS.emergencyContacts, `At most ${LIST_LIMITS.emergencyContacts} contacts`);

/** Tasks per visit type, in VISIT_TYPES order; a visit type with no tasks is left out. */
const visitTasks = z
  .array(
    z.object({
      visitType: z.enum(VISIT_TYPES, { error: `Visit type must be one of: ${VISIT_TYPES.join(', ')}` }),
      tasks: textList(LIST_LIMITS.tasks, TEXT_LIMITS.listEntry),
    }),
  )
  .max(VISIT_TYPES.length, CARE_PLAN_MESSAGES.oneTaskListPerVisitType)
  .refine(
    (lists) => new Set(lists.map((list) => list.visitType)).size === lists.length,
    CARE_PLAN_MESSAGES.oneTaskListPerVisitType,
  )
  .transform((lists) =>
    lists
      .filter((list) => list.tasks.length > 0)
      .sort((a, b) => VISIT_TYPES.indexOf(a.visitType) - VISIT_TYPES.indexOf(b.visitType)),
  );

/** Every field of the plan's content, each optional (a create fills gaps from the template and the client record). */
export const carePlanContentRequestSchema = z.object({
  title: safeText(TEXT_LIMITS.title, CARE_PLAN_MESSAGES.titleRequired).min(1, CARE_PLAN_MESSAGES.titleRequired),
  description: safeText(TEXT_LIMITS.notes),
  objectives: items,
  interventions: items,
  goals: items,
  riskAssessment,
  allergies: conditions,
  medicalConditions: conditions,
  emergencyContacts,
  visitTasks,
});
const partialContent = carePlanContentRequestSchema.partial().shape;

/**
 * New Care Plan. Fields left out come from the template (`templateId`), then allergies, conditions and the
 * emergency contact from the client's record.
 */
export const createCarePlanRequestSchema = z.object({
  clientId: requiredReference('Client is required', 'Client not found'),
  templateId: optionalReference('Template not found').transform((value) => value ?? null),
  ...partialContent,
  reviewDate: requiredDate(CARE_PLAN_MESSAGES.reviewDateRequired),
  reason: optionalText(TEXT_LIMITS.shortReason).transform((value) => value ?? null),
});
export type CreateCarePlanRequest = z.input<typeof createCarePlanRequestSchema>;
export type CreateCarePlanCommandInput = z.output<typeof createCarePlanRequestSchema>;

/** Update: the fields sent replace the plan's; a new version when any differs. */
export const updateCarePlanRequestSchema = z.object({
  ...partialContent,
  reason: requiredText(CARE_PLAN_MESSAGES.reasonRequired, TEXT_LIMITS.shortReason),
});
export type UpdateCarePlanRequest = z.input<typeof updateCarePlanRequestSchema>;
export type UpdateCarePlanCommandInput = z.output<typeof updateCarePlanRequestSchema>;

export const agreeCarePlanRequestSchema = z.object({
  version: integerBetween(1, MAX_CARE_PLAN_VERSION, 'Version must be a version of this plan'),
  agreedBy: requiredText('Say who agreed the plan', TEXT_LIMITS.contactName),
  relationship: requiredText('Say how they relate to the client', TEXT_LIMITS.relationship),
  method: z.enum(CONSENT_METHODS, { error: `How must be one of: ${CONSENT_METHODS.join(', ')}` }),
  agreedOn: requiredDate('Date agreed is required'),
});
export type AgreeCarePlanRequest = z.input<typeof agreeCarePlanRequestSchema>;
export type AgreeCarePlanCommandInput = z.output<typeof agreeCarePlanRequestSchema>;

export const scheduleCarePlanReviewRequestSchema = z.object({
  reviewDate: requiredDate(CARE_PLAN_MESSAGES.reviewDateRequired),
  reason: optionalText(TEXT_LIMITS.shortReason).transform((value) => value ?? null),
});
export type ScheduleCarePlanReviewRequest = z.input<typeof scheduleCarePlanReviewRequestSchema>;
export type ScheduleCarePlanReviewCommandInput = z.output<typeof scheduleCarePlanReviewRequestSchema>;

/** Record Review: with outcome "updated", `changes` are the new version's fields. */
export const recordCarePlanReviewRequestSchema = z.object({
  reviewedOn: requiredDate('Review date is required'),
  outcome: z.enum(REVIEW_OUTCOMES, { error: `Outcome must be one of: ${REVIEW_OUTCOMES.join(', ')}` }),
  changes: carePlanContentRequestSchema.partial().default({}),
  notes: optionalText(TEXT_LIMITS.notes).transform((value) => value ?? null),
  nextReviewDate: requiredDate('Next review date is required'),
});
export type RecordCarePlanReviewRequest = z.input<typeof recordCarePlanReviewRequestSchema>;
export type RecordCarePlanReviewCommandInput = z.output<typeof recordCarePlanReviewRequestSchema>;

export const changeCarePlanStatusRequestSchema = z.object({
  status: z.enum(CARE_PLAN_STATUSES, { error: `Status must be one of: ${CARE_PLAN_STATUSES.join(', ')}` }),
  reason: requiredText('Say why the status changed', TEXT_LIMITS.shortReason),
});
export type ChangeCarePlanStatusRequest = z.input<typeof changeCarePlanStatusRequestSchema>;
export type ChangeCarePlanStatusCommandInput = z.output<typeof changeCarePlanStatusRequestSchema>;

const templateContentRequest = carePlanContentRequestSchema.pick({
  title: true,
  description: true,
  objectives: true,
  interventions: true,
  goals: true,
  visitTasks: true,
});
const templateKind = z.enum(CARE_PLAN_TEMPLATE_KINDS, {
  error: `Kind must be one of: ${CARE_PLAN_TEMPLATE_KINDS.join(', ')}`,
});

export const createCarePlanTemplateRequestSchema = z.object({
  name: requiredText('Template name is required', TEXT_LIMITS.title),
  kind: templateKind,
  title: templateContentRequest.shape.title,
  description: templateContentRequest.shape.description.default(''),
  objectives: items.default([]),
  interventions: items.default([]),
  goals: items.default([]),
  visitTasks: templateContentRequest.shape.visitTasks.default([]),
});
export type CreateCarePlanTemplateRequest = z.input<typeof createCarePlanTemplateRequestSchema>;
export type CreateCarePlanTemplateCommandInput = z.output<typeof createCarePlanTemplateRequestSchema>;

export const changeCarePlanTemplateRequestSchema = z.object({
  name: requiredText('Template name is required', TEXT_LIMITS.title).optional(),
  kind: templateKind.optional(),
  ...templateContentRequest.partial().shape,
});
export type ChangeCarePlanTemplateRequest = z.input<typeof changeCarePlanTemplateRequestSchema>;
export type ChangeCarePlanTemplateCommandInput = z.output<typeof changeCarePlanTemplateRequestSchema>;
