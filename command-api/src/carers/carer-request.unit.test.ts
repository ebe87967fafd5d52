import { createCarerRequestSchema, updateCarerRequestSchema } from '@care/events';
import { describe, expect, it } from 'vitest';

const valid = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.org',
  employeeId: 'EMP-1',
  startDate: '2024-03-01',
};

function fieldErrors(input: unknown): Record<string, string> {
  const result = createCarerRequestSchema.safeParse(input);
  if (result.success) throw new Error('expected the request to be refused');
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join('.')] ??= issue.message;
  return fields;
}

describe('createCarerRequestSchema', () => {
  it('names every blank required field with the form message', () => {
    expect(
      fieldErrors({ firstName: '  ', lastName: '', email: 'not-an-email', employeeId: ' ', startDate: '' }),
    ).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Valid email is required',
      employeeId: 'Employee ID is required',
      startDate: 'Start date is required',
    });
  });

  it('names every missing required field with the form message', () => {
    expect(fieldErrors({})).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Valid email is required',
      employeeId: 'Employee ID is required',
      startDate: 'Start date is required',
    });
  });

  it('applies the defaults and trims text', () => {
    const parsed = createCarerRequestSchema.parse({ ...valid, firstName: '  Ada ', email: ' ada@example.org ' });
    expect(parsed).toMatchObject({
      firstName: 'Ada',
      email: 'ada@example.org',
      maxClientsPerDay: 8,
      isActive: true,
      qualifications: [],
    });
  });

  it('keeps an explicit isActive false and maxClientsPerDay', () => {
    expect(createCarerRequestSchema.parse({ ...valid, isActive: false, maxClientsPerDay: '3' })).toMatchObject({
      isActive: false,
      maxClientsPerDay: 3,
    });
  });

  it('trims qualifications and drops blanks and case-insensitive duplicates, keeping the first spelling', () => {
    const parsed = createCarerRequestSchema.parse({ ...valid, qualifications: ['  NVQ 2 ', 'nvq 2', '', 'First Aid'] });
    expect(parsed.qualifications).toEqual(['NVQ 2', 'First Aid']);
  });

  it('converts the hourly rate in pounds to integer pence', () => {
    expect(createCarerRequestSchema.parse({ ...valid, hourlyRate: '12.5' }).hourlyRate).toBe(1250);
    expect(createCarerRequestSchema.parse({ ...valid, hourlyRate: '14.50' }).hourlyRate).toBe(1450);
    expect(createCarerRequestSchema.parse({ ...valid, hourlyRate: 9 }).hourlyRate).toBe(900);
    expect(createCarerRequestSchema.parse({ ...valid, hourlyRate: '' }).hourlyRate).toBeNull();
  });

  it('refuses an hourly rate with more than 2 decimals', () => {
    expect(fieldErrors({ ...valid, hourlyRate: '12.345' })).toEqual({
      hourlyRate: 'Hourly rate must be an amount in pounds with at most 2 decimals',
    });
  });

  it('treats blank optional fields as not set', () => {
    const parsed = createCarerRequestSchema.parse({ ...valid, region: '', phoneNumber: '  ', dateOfBirth: '' });
    expect(parsed).toMatchObject({ region: null, phoneNumber: null, dateOfBirth: null });
  });

  it('refuses an impossible start date', () => {
    expect(fieldErrors({ ...valid, startDate: '2024-02-30' })).toEqual({ startDate: 'Must be a valid date' });
  });
});

describe('updateCarerRequestSchema', () => {
  it('accepts a partial update and leaves out what was not sent', () => {
    const parsed = updateCarerRequestSchema.parse({ lastName: ' King ' });
    expect(parsed.lastName).toBe('King');
    expect(Object.entries(parsed).filter(([, value]) => value !== undefined)).toEqual([['lastName', 'King']]);
  });

  it('refuses a blank required field', () => {
    const result = updateCarerRequestSchema.safeParse({ firstName: ' ' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['firstName', 'First name is required'],
    ]);
  });
});
