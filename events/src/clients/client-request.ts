import { z } from 'zod';
import { londonToday } from '../dates';
import { CARE_LEVELS, COGNITIVE_LEVELS, MOBILITY_LEVELS } from '../enums';
import { optionalEnum, optionalText, requiredDate, requiredText, textList } from '../fields';
import { LIST_LIMITS, TEXT_LIMITS } from '../limits';
import { normaliseUkPostcode, POSTCODE_MESSAGE, UK_BOUNDS } from '../travel/uk-postcode';

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

const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/** A UK postcode in its usual form ("ls62ab" is kept as "LS6 2AB"); blank or null means not recorded. */
const postcode = z.preprocess(
  blankToNull,
  z
    .string({ error: POSTCODE_MESSAGE })
    .transform((text, ctx) => {
      const normalised = normaliseUkPostcode(text);
      if (normalised === null) ctx.addIssue({ code: 'custom', message: POSTCODE_MESSAGE });
      return normalised ?? text;
    })
    .nullable()
    .optional(),
);

/** One coordinate of the home, in degrees, inside the United Kingdom; a form sends it as text. */
function coordinate(label: string, bounds: { readonly min: number; readonly max: number }) {
  const message = `${label} must be a number from ${bounds.min} to ${bounds.max} (in the United Kingdom)`;
  return z.preprocess((value) => {
    const blank = blankToNull(value);
    return typeof blank === 'string' ? Number(blank) : blank;
  }, z.number({ error: message }).min(bounds.min, message).max(bounds.max, message).nullable().optional());
}

export const COORDINATES_TOGETHER = 'Give both latitude and longitude, or neither';

/**
 * Latitude and longitude make one point: one without the other is refused, under the field left out. null clears
 * a coordinate, so sending one as null and leaving the other out would leave half a point: refused the same way.
 */
function bothCoordinatesOrNeither(
  value: { latitude?: number | null; longitude?: number | null },
  ctx: z.RefinementCtx,
): void {
  const given = (coordinate: number | null | undefined) => coordinate !== undefined && coordinate !== null;
  const latitudeMissing = given(value.longitude)
    ? !given(value.latitude)
    : value.longitude === null && value.latitude === undefined;
  const longitudeMissing = given(value.latitude)
    ? !given(value.longitude)
    : value.latitude === null && value.longitude === undefined;
  if (latitudeMissing) ctx.addIssue({ code: 'custom', path: ['latitude'], message: COORDINATES_TOGETHER });
  if (longitudeMissing) ctx.addIssue({ code: 'custom', path: ['longitude'], message: COORDINATES_TOGETHER });
}

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
  postcode,
  latitude: coordinate('Latitude', UK_BOUNDS.latitude),
  longitude: coordinate('Longitude', UK_BOUNDS.longitude),
  isActive: z.boolean({ error: 'Active must be true or false' }),
};

export const createClientRequestSchema = z
  .object({
    ...clientFields,
    medicalConditions: clientFields.medicalConditions.default([]),
    medications: clientFields.medications.default([]),
    allergies: clientFields.allergies.default([]),
    preferredCarers: clientFields.preferredCarers.default([]),
    isActive: clientFields.isActive.default(true),
  })
  .superRefine(bothCoordinatesOrNeither);
export type CreateClientRequest = z.input<typeof createClientRequestSchema>;
export type CreateClientCommandInput = z.output<typeof createClientRequestSchema>;

/**
 * PATCH: the same shape as create, every field optional; only the fields sent are changed. `isActive`
 * deactivates or reactivates; `keyworkerCarerId` and `preferredCarers` are recorded as their own events. The
 * coordinates change together: a PATCH with one of them must send the other (null and null clear them).
 */
export const updateClientRequestSchema = z.object(clientFields).partial().superRefine(bothCoordinatesOrNeither);
export type UpdateClientRequest = z.input<typeof updateClientRequestSchema>;
export type UpdateClientCommandInput = z.output<typeof updateClientRequestSchema>;

/** PUT /api/clients/:id/keyworker. */
export const assignKeyworkerRequestSchema = z.object({ keyworkerCarerId: keyworker });
export type AssignKeyworkerRequest = z.input<typeof assignKeyworkerRequestSchema>;

/** PUT /api/clients/:id/preferred-carers. */
export const setPreferredCarersRequestSchema = z.object({ carerIds: preferredCarerList });
export type SetPreferredCarersRequest = z.input<typeof setPreferredCarersRequestSchema>;
