import { describe, expect, it } from 'vitest';
import {
  createTrainingRequestSchema,
  renewTrainingRequestSchema,
  updateTrainingRequestSchema,
} from './training-request';

const carerId = '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a7b';
const valid = { carerId, trainingType: 'first_aid', completedDate: '2025-01-10' };

const fieldsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('createTrainingRequestSchema', () => {
  it('defaults the status to current and reads blank optional fields as null', () => {
    const parsed = createTrainingRequestSchema.parse({
      ...valid,
      trainingProvider: ' ',
      expiryDate: '',
      certificateNumber: '',
      documentUrl: '',
      notes: '',
    });
    expect(parsed).toEqual({
      ...valid,
      status: 'current',
      trainingProvider: null,
      expiryDate: null,
      certificateNumber: null,
      documentUrl: null,
      notes: null,
    });
  });

  it('says "Completed date is required" for a missing or blank completed date', () => {
    expect(fieldsOf(createTrainingRequestSchema.safeParse({ ...valid, completedDate: undefined }))).toEqual({
      completedDate: 'Completed date is required',
    });
    expect(fieldsOf(createTrainingRequestSchema.safeParse({ ...valid, completedDate: '  ' }))).toEqual({
      completedDate: 'Completed date is required',
    });
  });

  it('requires a carer and a training type from the list', () => {
    expect(
      fieldsOf(createTrainingRequestSchema.safeParse({ completedDate: '2025-01-10', trainingType: 'juggling' })),
    ).toEqual({
      carerId: 'Carer is required',
      trainingType: 'Training type is required',
    });
    expect(fieldsOf(createTrainingRequestSchema.safeParse({ ...valid, carerId: 'nobody' }))).toEqual({
      carerId: 'Carer not found',
    });
  });

  it('refuses an expiry before the completed date, and accepts the same day', () => {
    expect(fieldsOf(createTrainingRequestSchema.safeParse({ ...valid, expiryDate: '2025-01-09' }))).toEqual({
      expiryDate: 'Expiry date must be after the completed date',
    });
    expect(createTrainingRequestSchema.safeParse({ ...valid, expiryDate: '2025-01-10' }).success).toBe(true);
  });

  it('accepts only http and https document links', () => {
    expect(
      createTrainingRequestSchema.parse({ ...valid, documentUrl: ' https://example.org/cert.pdf ' }).documentUrl,
    ).toBe('https://example.org/cert.pdf');
    expect(createTrainingRequestSchema.safeParse({ ...valid, documentUrl: 'http://intranet/certs/1' }).success).toBe(
      true,
    );
    for (const documentUrl of [
      'javascript:alert(1)',
      'data:text/html,<b>x</b>',
      'ftp://example.org/x',
      'example.org/cert.pdf',
      42,
    ]) {
      expect(fieldsOf(createTrainingRequestSchema.safeParse({ ...valid, documentUrl })), String(documentUrl)).toEqual({
        documentUrl: 'Document URL must be a web address starting with http:// or https://',
      });
    }
    expect(
      fieldsOf(
        createTrainingRequestSchema.safeParse({ ...valid, documentUrl: `https://example.org/${'x'.repeat(500)}` }),
      ),
    ).toEqual({
      documentUrl: 'Must be at most 500 characters',
    });
  });

  it('refuses a status outside the list', () => {
    expect(fieldsOf(createTrainingRequestSchema.safeParse({ ...valid, status: 'valid' }))).toEqual({
      status: 'Status must be current, expiring soon, expired or pending',
    });
  });
});

describe('updateTrainingRequestSchema', () => {
  it('accepts any subset of the fields, and blank clears an optional one', () => {
    expect(updateTrainingRequestSchema.parse({})).toEqual({});
    expect(updateTrainingRequestSchema.parse({ notes: '', expiryDate: '' })).toEqual({ notes: null, expiryDate: null });
  });

  it('still refuses a blank completed date and dates in the wrong order when both are sent', () => {
    expect(fieldsOf(updateTrainingRequestSchema.safeParse({ completedDate: '' }))).toEqual({
      completedDate: 'Completed date is required',
    });
    expect(
      fieldsOf(updateTrainingRequestSchema.safeParse({ completedDate: '2025-02-01', expiryDate: '2025-01-01' })),
    ).toEqual({
      expiryDate: 'Expiry date must be after the completed date',
    });
  });
});

describe('renewTrainingRequestSchema', () => {
  it('takes the new completion, with optional expiry and certificate', () => {
    expect(
      renewTrainingRequestSchema.parse({ completedDate: '2025-03-01', expiryDate: '', certificateNumber: ' C-2 ' }),
    ).toEqual({
      completedDate: '2025-03-01',
      expiryDate: null,
      certificateNumber: 'C-2',
    });
    expect(fieldsOf(renewTrainingRequestSchema.safeParse({}))).toEqual({ completedDate: 'Completed date is required' });
    expect(
      fieldsOf(renewTrainingRequestSchema.safeParse({ completedDate: '2025-03-01', expiryDate: '2025-02-28' })),
    ).toEqual({
      expiryDate: 'Expiry date must be after the completed date',
    });
  });
});
