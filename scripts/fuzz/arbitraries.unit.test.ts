import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createFeedbackRequestSchema,
  createTrainingRequestSchema,
  queryDate,
  queryInstant,
  searchText,
} from '@care/events';
import {
  arbitraryOf,
  hostileQueryValues,
  inputJsonSchema,
  queryString,
  requestValue,
  type IdSource,
} from './arbitraries';

const CARER = '0190f5d2-8a4e-7c3b-9d2e-1f6a7b8c9d0e';
const ids: IdSource = {
  uuid: (field) => fc.constant(field === 'carerId' ? CARER : '0190f5d2-0000-7000-8000-000000000000'),
};

describe('request values of npm run fuzz', () => {
  it('take the format and enumeration a piped field checks, so valid values get past validation', () => {
    const schema = z.object({ carerId: z.string().trim().pipe(z.uuid()), when: z.string().trim().pipe(z.iso.date()) });
    expect(inputJsonSchema(schema).properties).toMatchObject({ carerId: { format: 'uuid' }, when: { format: 'date' } });
    const samples = fc.sample(arbitraryOf(inputJsonSchema(createFeedbackRequestSchema), 'valid', ids), {
      seed: 1,
      numRuns: 30,
    });
    expect(samples.filter((sample) => createFeedbackRequestSchema.safeParse(sample).success)).toHaveLength(30);
  });

  it('give a uuid field the ids of the kind its name says', () => {
    const [sample] = fc.sample(arbitraryOf(inputJsonSchema(createTrainingRequestSchema), 'valid', ids), {
      seed: 2,
      numRuns: 1,
    });
    expect(sample).toMatchObject({ carerId: CARER });
  });

  it('break a valid value when asked for a malformed one (wrong types, huge texts, unknown fields, junk)', () => {
    const samples = fc.sample(requestValue(inputJsonSchema(createFeedbackRequestSchema), 'malformed', ids), {
      seed: 3,
      numRuns: 60,
    });
    const refused = samples.filter((sample) => !createFeedbackRequestSchema.safeParse(sample).success);
    // An unknown field alone is stripped, not refused; every other kind of breakage is.
    expect(refused.length).toBeGreaterThan(samples.length / 2);
    expect(samples.some((sample) => JSON.stringify(sample).length > 10_000)).toBe(true);
  });

  it('send lists as repeated query parameters and leave out what is undefined', () => {
    expect(queryString({ status: ['open', 'closed'], search: 'a b', limit: 5, offset: undefined })).toBe(
      '?status=open&status=closed&search=a+b&limit=5',
    );
    expect(queryString({})).toBe('');
  });

  it('send every query parameter years 0000, 0001 and 9999 by its kind, bad numbers, control characters and overlong texts', () => {
    const query = z.object({
      day: queryDate('Day'),
      asOf: queryInstant('As of'),
      search: searchText().optional(),
      limit: z.coerce.number().int().min(1).max(500),
    });
    const { properties = {} } = inputJsonSchema(query);
    const values = (name: string) => hostileQueryValues(name, properties[name]!);
    expect(values('day')).toEqual(expect.arrayContaining(['0000-01-01', '0001-01-01', '9999-12-31']));
    expect(values('asOf')).toEqual(
      expect.arrayContaining(['0000-01-01T00:00:00Z', '0001-01-01T00:00:00Z', '9999-12-31T23:59:59Z']),
    );
    expect(values('limit')).toEqual(expect.arrayContaining(['1e308', '-1', '99999999999999999999']));
    for (const name of ['day', 'asOf', 'search', 'limit']) {
      expect(values(name)).toEqual(expect.arrayContaining(['a\u0000b', 'x'.repeat(1_001)]));
    }
    // A search box takes any date-like text, so it is not sent dates as if they had to be refused.
    expect(values('search')).not.toContain('9999-12-31');
  });
});
