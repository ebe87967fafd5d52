import { z } from 'zod';
import type { Expect, Same } from '../api/same-type';
import { TRAINING_STATUSES, TRAINING_TYPES } from '../enums';
import type { TrainingComplianceView, TrainingView } from './training-view';

/** TrainingView for the API description and the tests that check replies against it. */
export const trainingViewSchema = z.strictObject({
  id: z.uuid(),
  carerId: z.uuid(),
  carer: z.strictObject({
    id: z.uuid(),
    employeeId: z.string(),
    user: z.strictObject({ firstName: z.string(), lastName: z.string() }),
  }),
  trainingType: z.enum(TRAINING_TYPES),
  trainingProvider: z.string().nullable(),
  completedDate: z.iso.date(),
  expiryDate: z.iso.date().nullable(),
  certificateNumber: z.string().nullable(),
  status: z.enum(TRAINING_STATUSES),
  documentUrl: z.string().nullable(),
  notes: z.string().nullable(),
  revision: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const trainingComplianceViewSchema = z.strictObject({
  carerId: z.uuid(),
  carerName: z.string(),
  currentCount: z.int(),
  required: z.int(),
  compliancePercent: z.number().min(0).max(100),
  rating: z.enum(['Excellent', 'Good', 'Needs Attention']),
});

export type TrainingViewSchemaMatches = Expect<Same<z.infer<typeof trainingViewSchema>, TrainingView>>;
export type TrainingViewSchemaComplianceMatches = Expect<
  Same<z.infer<typeof trainingComplianceViewSchema>, TrainingComplianceView>
>;
