import { z } from 'zod';
import { CARER_SPECIALIZATIONS, REGIONS } from '../enums';
import { optionalDate, optionalEnum, optionalText, poundsToPence, requiredDate, requiredText, textList } from '../fields';

/** Fields of the carer form (spec part 1 sections 5 and 7), shared by the UI and the command API. */
const carerFields = {
  firstName: requiredText('First name is required', 100),
  lastName: requiredText('Last name is required', 100),
  email: z.string({ error: 'Valid email is required' }).trim().pipe(z.email({ error: 'Valid email is required' }).max(254)),
  region: optionalEnum(REGIONS),
  employeeId: requiredText('Employee ID is required', 50),
  startDate: requiredDate('Start date is required'),
  specialization: optionalEnum(CARER_SPECIALIZATIONS),
  qualifications: textList(50, 200),
  phoneNumber: optionalText(50),
  emergencyContact: optionalText(200),
  emergencyPhone: optionalText(50),
  address: optionalText(500),
  dateOfBirth: optionalDate(),
  hourlyRate: poundsToPence('Hourly rate must be an amount in pounds with at most 2 decimals'),
  maxClientsPerDay: z.coerce
    .number({ error: 'Max clients per day must be a number' })
    .int('Max clients per day must be a whole number')
    .min(1, 'Max clients per day must be at least 1')
    .max(50, 'Max clients per day must be at most 50'),
  notes: optionalText(5000),
  isActive: z.boolean({ error: 'Active must be true or false' }),
};

export const createCarerRequestSchema = z.object({
  ...carerFields,
  userId: z.uuid({ error: 'User ID must be a UUID' }).optional(),
  qualifications: carerFields.qualifications.default([]),
  maxClientsPerDay: carerFields.maxClientsPerDay.default(8),
  isActive: carerFields.isActive.default(true),
});
export type CreateCarerRequest = z.input<typeof createCarerRequestSchema>;
export type CreateCarerCommandInput = z.output<typeof createCarerRequestSchema>;

/** PATCH: the same shape as create, every field optional; only the fields sent are changed. */
export const updateCarerRequestSchema = z.object(carerFields).partial().extend({ userId: z.uuid().optional() });
export type UpdateCarerRequest = z.input<typeof updateCarerRequestSchema>;
export type UpdateCarerCommandInput = z.output<typeof updateCarerRequestSchema>;
