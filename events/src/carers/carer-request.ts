import { z } from 'zod';
import { CARER_SPECIALIZATIONS, REGIONS } from '../enums';
import {
  integerBetween,
  optionalDate,
  optionalEnum,
  optionalText,
  poundsToPence,
  requiredDate,
  requiredText,
  textList,
} from '../fields';
import { LIST_LIMITS, MONEY_LIMITS, NUMBER_LIMITS, TEXT_LIMITS } from '../limits';
import { TRAVEL_MODES } from '../travel/travel-estimate';

const clientsPerDay = NUMBER_LIMITS.maxClientsPerDay;

/** Fields of the carer form, shared by the UI and the command API. */
const carerFields = {
  firstName: requiredText('First name is required', TEXT_LIMITS.personName),
  lastName: requiredText('Last name is required', TEXT_LIMITS.personName),
  email: z
    .string({ error: 'Valid email is required' })
    .trim()
    .pipe(
      z
        .email({ error: 'Valid email is required' })
        .max(TEXT_LIMITS.email, `Must be at most ${TEXT_LIMITS.email} characters`),
    ),
  region: optionalEnum(REGIONS),
  employeeId: requiredText('Employee ID is required', TEXT_LIMITS.reference),
  startDate: requiredDate('Start date is required'),
  specialization: optionalEnum(CARER_SPECIALIZATIONS),
  qualifications: textList(LIST_LIMITS.qualifications, TEXT_LIMITS.listEntry),
  phoneNumber: optionalText(TEXT_LIMITS.phone),
  emergencyContact: optionalText(TEXT_LIMITS.contactName),
  emergencyPhone: optionalText(TEXT_LIMITS.phone),
  address: optionalText(TEXT_LIMITS.address),
  dateOfBirth: optionalDate(),
  hourlyRate: poundsToPence(
    'Hourly rate must be an amount in pounds with at most 2 decimals',
    MONEY_LIMITS.hourlyRatePence,
    'Hourly rate',
  ),
  maxClientsPerDay: integerBetween(
    clientsPerDay.min,
    clientsPerDay.max,
    `Max clients per day must be a whole number from ${clientsPerDay.min} to ${clientsPerDay.max}`,
  ),
  notes: optionalText(TEXT_LIMITS.notes),
  isActive: z.boolean({ error: 'Active must be true or false' }),
  travelMode: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(TRAVEL_MODES, { error: 'Travel mode must be car, walking or public_transport' }).optional(),
  ),
};

export const createCarerRequestSchema = z.object({
  ...carerFields,
  userId: z.uuid({ error: 'User ID must be a UUID' }).optional(),
  qualifications: carerFields.qualifications.default([]),
  maxClientsPerDay: carerFields.maxClientsPerDay.default(8),
  isActive: carerFields.isActive.default(true),
  travelMode: carerFields.travelMode.default('car'),
});
export type CreateCarerRequest = z.input<typeof createCarerRequestSchema>;
export type CreateCarerCommandInput = z.output<typeof createCarerRequestSchema>;

/** PATCH: the same shape as create, every field optional; only the fields sent are changed. */
/** PATCH `userId`: an account id links that account (admins only), null unlinks the one linked. */
export const updateCarerRequestSchema = z
  .object(carerFields)
  .partial()
  .extend({ userId: z.uuid({ error: 'User ID must be a UUID' }).nullable().optional() });
export type UpdateCarerRequest = z.input<typeof updateCarerRequestSchema>;
export type UpdateCarerCommandInput = z.output<typeof updateCarerRequestSchema>;
