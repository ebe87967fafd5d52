import {
  assignKeyworkerRequestSchema,
  createClientRequestSchema,
  setPreferredCarersRequestSchema,
  updateClientRequestSchema,
} from '@care/events';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';

const carerA = '0190a5b2-7c3d-7e4f-8a1b-00000000000a';
const carerB = '0190a5b2-7c3d-7e4f-8a1b-00000000000b';

const valid = {
  clientId: 'CL-0001',
  firstName: 'Margaret',
  lastName: 'Hughes',
  dateOfBirth: '1938-04-12',
  address: '12 Church Road, Leeds LS6',
  emergencyContact: 'Susan Hughes',
  emergencyPhone: '07700 900123',
  careLevel: 'low',
};

function fieldErrors(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected the request to be refused');
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join('.')] ??= issue.message;
  return fields;
}

const REQUIRED_MESSAGES = {
  clientId: 'Client ID is required',
  firstName: 'First name is required',
  lastName: 'Last name is required',
  dateOfBirth: 'Date of birth is required',
  address: 'Address is required',
  emergencyContact: 'Emergency contact is required',
  emergencyPhone: 'Emergency phone is required',
};

describe('createClientRequestSchema', () => {
  it('names every missing required field with the form message', () => {
    expect(fieldErrors(createClientRequestSchema, {})).toEqual({
      ...REQUIRED_MESSAGES,
      careLevel: 'Care level is required',
    });
  });

  it('names every blank required field with the form message', () => {
    const blank = Object.fromEntries(Object.keys(REQUIRED_MESSAGES).map((field) => [field, '   ']));
    expect(fieldErrors(createClientRequestSchema, { ...blank, careLevel: 'low' })).toEqual(REQUIRED_MESSAGES);
  });

  it('applies the defaults, trims text and reads blank optional fields as not set', () => {
    const parsed = createClientRequestSchema.parse({
      ...valid,
      firstName: ' Margaret ',
      phoneNumber: ' ',
      mobilityLevel: '',
      keyworkerCarerId: '',
    });
    expect(parsed).toMatchObject({
      firstName: 'Margaret',
      phoneNumber: null,
      mobilityLevel: null,
      keyworkerCarerId: null,
      medicalConditions: [],
      medications: [],
      allergies: [],
      preferredCarers: [],
      isActive: true,
    });
  });

  it('trims list entries and drops blanks and case-insensitive duplicates, keeping the first spelling', () => {
    const parsed = createClientRequestSchema.parse({
      ...valid,
      medicalConditions: ['  Type 2 diabetes ', 'type 2 DIABETES', '', 'COPD'],
      medications: ['Metformin', 'metformin '],
      allergies: [' Penicillin', 'Latex', 'latex'],
    });
    expect([parsed.medicalConditions, parsed.medications, parsed.allergies]).toEqual([
      ['Type 2 diabetes', 'COPD'],
      ['Metformin'],
      ['Penicillin', 'Latex'],
    ]);
  });

  it('refuses a care level, mobility or cognitive level outside the lists the client form offers', () => {
    const fields = fieldErrors(createClientRequestSchema, {
      ...valid,
      careLevel: 'extreme',
      mobilityLevel: 'running',
      cognitiveLevel: 'sharp',
    });
    expect(fields.careLevel).toBe('Care level must be low, medium, high or critical');
    expect(Object.keys(fields).sort()).toEqual(['careLevel', 'cognitiveLevel', 'mobilityLevel']);
  });

  it('refuses an impossible date of birth and one in the future', () => {
    expect(fieldErrors(createClientRequestSchema, { ...valid, dateOfBirth: '1938-02-30' })).toEqual({
      dateOfBirth: 'Must be a valid date',
    });
    const nextYear = new Date().getUTCFullYear() + 1;
    expect(fieldErrors(createClientRequestSchema, { ...valid, dateOfBirth: `${nextYear}-01-01` })).toEqual({
      dateOfBirth: 'Date of birth cannot be in the future',
    });
  });

  it('normalises carer ids to lower case, removes repeated preferred carers and refuses what is not a carer id', () => {
    const parsed = createClientRequestSchema.parse({
      ...valid,
      keyworkerCarerId: carerA.toUpperCase(),
      preferredCarers: [carerB, carerB.toUpperCase(), carerA],
    });
    expect(parsed.keyworkerCarerId).toBe(carerA);
    expect(parsed.preferredCarers).toEqual([carerB, carerA]);
    expect(
      fieldErrors(createClientRequestSchema, { ...valid, keyworkerCarerId: 'Amelia', preferredCarers: ['nobody'] }),
    ).toEqual({
      keyworkerCarerId: 'Carer not found',
      'preferredCarers.0': 'Carer not found',
    });
  });

  it('refuses text over its length limit', () => {
    expect(fieldErrors(createClientRequestSchema, { ...valid, careInstructions: 'x'.repeat(5001) })).toEqual({
      careInstructions: 'Must be at most 5000 characters',
    });
  });
});

describe('updateClientRequestSchema', () => {
  it('accepts a partial update and leaves out what was not sent', () => {
    const parsed = updateClientRequestSchema.parse({ lastName: ' King ' });
    expect(Object.entries(parsed).filter(([, value]) => value !== undefined)).toEqual([['lastName', 'King']]);
  });

  it('refuses a blank required field and clears a blank optional one', () => {
    expect(fieldErrors(updateClientRequestSchema, { address: ' ' })).toEqual({ address: 'Address is required' });
    expect(updateClientRequestSchema.parse({ riskAssessment: '' }).riskAssessment).toBeNull();
  });
});

describe('keyworker and preferred carers requests', () => {
  it('takes a carer id or null for the keyworker, and refuses anything else', () => {
    expect(assignKeyworkerRequestSchema.parse({ keyworkerCarerId: carerA })).toEqual({ keyworkerCarerId: carerA });
    expect(assignKeyworkerRequestSchema.parse({ keyworkerCarerId: null })).toEqual({ keyworkerCarerId: null });
    expect(fieldErrors(assignKeyworkerRequestSchema, {})).toEqual({
      keyworkerCarerId: 'Keyworker must be a carer ID or null',
    });
    expect(fieldErrors(assignKeyworkerRequestSchema, { keyworkerCarerId: 42 })).toEqual({
      keyworkerCarerId: 'Carer not found',
    });
  });

  it('takes a list of carer ids for the preferred carers', () => {
    expect(setPreferredCarersRequestSchema.parse({ carerIds: [carerA, carerA] })).toEqual({ carerIds: [carerA] });
    expect(fieldErrors(setPreferredCarersRequestSchema, {})).toEqual({
      carerIds: 'Preferred carers must be a list of carer IDs',
    });
    expect(
      fieldErrors(setPreferredCarersRequestSchema, { carerIds: Array.from({ length: 21 }, () => carerA) }),
    ).toEqual({
      carerIds: 'At most 20 preferred carers',
    });
  });
});
