import { z } from 'zod';
import type { Expect, Same } from '../api/same-type';
import { CARE_LEVELS } from '../enums';
import { CLIENT_LOCATION_BASES, type ClientView } from './client-view';

const nameOnly = z.strictObject({ firstName: z.string(), lastName: z.string() });

/** ClientView for the API description and the tests that check replies against it. */
export const clientViewSchema = z.strictObject({
  id: z.uuid(),
  clientId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  dateOfBirth: z.iso.date(),
  address: z.string(),
  phoneNumber: z.string().nullable(),
  emergencyContact: z.string(),
  emergencyPhone: z.string(),
  medicalConditions: z.array(z.string()),
  medications: z.array(z.string()),
  allergies: z.array(z.string()),
  careLevel: z.enum(CARE_LEVELS),
  mobilityLevel: z.string().nullable(),
  cognitiveLevel: z.string().nullable(),
  keyworkerCarerId: z.uuid().nullable(),
  keyworkerCarer: z.strictObject({ id: z.uuid(), employeeId: z.string(), user: nameOnly }).nullable(),
  preferredCarers: z.array(z.uuid()),
  riskAssessment: z.string().nullable(),
  careInstructions: z.string().nullable(),
  gpPractice: z.string().nullable(),
  gpPhone: z.string().nullable(),
  postcode: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  location: z
    .strictObject({ latitude: z.number(), longitude: z.number(), basis: z.enum(CLIENT_LOCATION_BASES) })
    .nullable(),
  isActive: z.boolean(),
  revision: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type ClientViewSchemaMatches = Expect<Same<z.infer<typeof clientViewSchema>, ClientView>>;
