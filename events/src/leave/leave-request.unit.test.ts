import { describe, expect, it } from 'vitest';
import { HALF_DAY_ONE_DATE, LEAVE_TOO_LONG, requestLeaveRequestSchema, TO_BEFORE_FROM } from './leave-request';

const carerId = '0190a5b2-7c3d-7e4f-8a1b-000000000001';
const valid = { carerId, kind: 'annual', from: '2027-03-08', to: '2027-03-12' };

/** The field messages a request is refused with, as the 400 reply lists them. */
function refusedFields(body: unknown): Record<string, string> {
  const result = requestLeaveRequestSchema.safeParse(body);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('requestLeaveRequestSchema', () => {
  it('takes whole days by default and a blank note as none', () => {
    expect(requestLeaveRequestSchema.parse({ ...valid, note: '' })).toEqual({
      ...valid,
      dayPart: 'full',
      note: null,
    });
  });

  it('refuses a last day before the first, on `to`', () => {
    expect(refusedFields({ ...valid, to: '2027-03-07' })).toEqual({ to: TO_BEFORE_FROM });
  });

  it('takes 366 days and refuses 367, on `to`', () => {
    expect(refusedFields({ ...valid, from: '2027-01-01', to: '2027-12-31' })).toEqual({});
    expect(refusedFields({ ...valid, from: '2028-01-01', to: '2028-12-31' })).toEqual({});
    expect(refusedFields({ ...valid, from: '2027-01-01', to: '2028-01-02' })).toEqual({ to: LEAVE_TOO_LONG });
  });

  it('refuses an unknown kind', () => {
    expect(Object.keys(refusedFields({ ...valid, kind: 'holiday' }))).toEqual(['kind']);
  });

  it('takes a half day on one date only', () => {
    expect(refusedFields({ ...valid, to: valid.from, dayPart: 'morning' })).toEqual({});
    expect(refusedFields({ ...valid, dayPart: 'afternoon' })).toEqual({ dayPart: HALF_DAY_ONE_DATE });
  });
});
