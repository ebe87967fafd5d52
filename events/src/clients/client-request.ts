import { z } from 'zod';
import { londonToday } from '../dates';
import { CARE_LEVELS, COGNITIVE_LEVELS, MOBILITY_LEVELS } from '../enums';
import { optionalEnum, optionalText, requiredDate, requiredText, textList } from '../fields';
import { LIST_LIMITS, TEXT_LIMITS } from '../limits';

/** The message under a carer field whose value names no carer (also the server's answer for an unknown one). */
export const CARER_NOT_FOUND = 'Carer not found';
export const MAX_PREFERRED_CARERS = LIST_LIMITS.preferredCarers;

/** A carer's uuid, lower-cased so that it names the carer's stream whatever case it was sent in. */
const carerIdWith = (missing: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? missing : CARER_NOT_FOUND) })
    .trim()
    .toLowerCase()
    .pipe(z.uuid({ error: CARER_NOT_FOUND }));
const carerId = carerIdWith(CARER_NOT_FOUND);

/** A keyworker: a carer's id, or null (or a blank select) for none. */
const keyworker = z.preprocess(
  (value) => (value === '' ? null : value),
  carerIdWith('Keyworker must be a carer ID or null').nullable(),
);

/** Preferred carers, in order of preference; a carer named twice counts once. */
const preferredCarerList = z
  .array(carerId, { error: 'Preferred carers must be a list of carer IDs' })
  .max(MAX_PREFERRED_CARERS, `At most ${MAX_PREFERRED_CARERS} preferred carers`)
  .transform((ids) => [...new Set(ids)]);

/** Fields of the client form, shared by the UI and the command API. */
const clientFields = {
  clientId: requiredText('Client ID is required', TEXT_LIMITS.reference),
  firstName: requiredText('First name is required', TEXT_LIMITS.personName),
  lastName: requiredText('Last name is required', TEXT_LIMITS.personName),
  dateOfBirth: requiredDate('Date of birth is required').refine(
    (date) => date <= londonToday(),
    'Date of birth cannot be in the future',
  ),
  address: requiredText('Address is required', TEXT_LIMITS.address),
  phoneNumber: optionalText(TEXT_LIMITS.phone),
  emergencyContact: requiredText('Emergency contact is required', TEXT_LIMITS.contactName),
  emergencyPhone: requiredText('Emergency phone is required', TEXT_LIMITS.phone),
  medicalConditions: textList(LIST_LIMITS.clientConditions, TEXT_LIMITS.listEntry),
  medications: textList(LIST_LIMITS.clientConditions, TEXT_LIMITS.listEntry),
  allergies: textList(LIST_LIMITS.clientConditions, TEXT_LIMITS.listEntry),
  careLevel: z.enum(CARE_LEVELS, {
    error: (issue) =>
      issue.input === undefined ? 'Care level is required' : 'Care level must be low, medium, high or critical',
  }),
  mobilityLevel: optionalEnum(MOBILITY_LEVELS),
  cognitiveLevel: optionalEnum(COGNITIVE_LEVELS),
  keyworkerCarerId: keyworker.optional(),
  preferredCarers: preferredCarerList,
  riskAssessment: optionalText(TEXT_LIMITS.notes),
  careInstructions: optionalText(TEXT_LIMITS.notes),
  gpPractice: optionalText(TEXT_LIMITS.address),
  gpPhone: optionalText(TEXT_LIMITS.phone),
  isActive: z.boolean({ error: 'Active must be true or false' }),
};

export const createClientRequestSchema = z.object({
  ...clientFields,
  medicalConditions: clientFields.medicalConditions.default([]),
  medications: clientFields.medications.default([]),
  allergies: clientFields.allergies.default([]),
  preferredCarers: clientFields.preferredCarers.default([]),
  isActive: clientFields.isActive.default(true),
});
export type CreateClientRequest = z.input<typeof createClientRequestSchema>;
export type CreateClientCommandInput = z.output<typeof createClientRequestSchema>;

/**
 * PATCH: the same shape as create, every field optional; only the fields sent are changed. `isActive`
 * deactivates or reactivates; `keyworkerCarerId` and `preferredCarers` are recorded as their own events.
 */
export const updateClientRequestSchema = z.object(clientFields).partial();
export type UpdateClientRequest = z.input<typeof updateClientRequestSchema>;
export type UpdateClientCommandInput = z.output<typeof updateClientRequestSchema>;

/** PUT /api/clients/:id/keyworker. */
export const assignKeyworkerRequestSchema = z.object({ keyworkerCarerId: keyworker });
export type AssignKeyworkerRequest = z.input<typeof assignKeyworkerRequestSchema>;

/** PUT /api/clients/:id/preferred-carers. */
export const setPreferredCarersRequestSchema = z.object({ carerIds: preferredCarerList });
export type SetPreferredCarersRequest = z.input<typeof setPreferredCarersRequestSchema>;
