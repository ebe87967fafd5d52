import { z } from 'zod';
import type { Expect, Same } from '../api/same-type';
import { TRAVEL_MODES } from '../travel/travel-estimate';
import type { CarerAccountView, CarerView } from './carer-view';

/** An account that signs in (or may be linked to sign in) as a carer. */
export const carerAccountViewSchema = z.strictObject({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});

/** CarerView for the API description (GET /api/openapi.json) and the tests that check replies against it. */
export const carerViewSchema = z.strictObject({
  id: z.uuid(),
  userId: z.uuid().nullable().describe('The account that signs in as this carer, or null'),
  account: carerAccountViewSchema.nullable(),
  employeeId: z.string(),
  specialization: z.string().nullable(),
  qualifications: z.array(z.string()),
  phoneNumber: z.string().nullable(),
  emergencyContact: z.string().nullable(),
  emergencyPhone: z.string().nullable(),
  address: z.string().nullable(),
  dateOfBirth: z.iso.date().nullable(),
  startDate: z.iso.date(),
  hourlyRate: z
    .string()
    .regex(/^\d+\.\d{2}$/)
    .nullable()
    .describe('Pounds with 2 decimals ("12.50")'),
  maxClientsPerDay: z.int(),
  isActive: z.boolean(),
  onLeaveToday: z.boolean(),
  notes: z.string().nullable(),
  travelMode: z.enum(TRAVEL_MODES),
  revision: z.string().describe('Stream revision: send it back as If-Match to refuse a concurrent edit'),
  createdAt: z.string(),
  updatedAt: z.string(),
  user: z.strictObject({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    region: z.string().nullable(),
  }),
});

export type CarerViewSchemaMatches = Expect<Same<z.infer<typeof carerViewSchema>, CarerView>>;
export type CarerViewSchemaAccountMatches = Expect<Same<z.infer<typeof carerAccountViewSchema>, CarerAccountView>>;
