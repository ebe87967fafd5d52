import { describe, expect, it } from 'vitest';
import { checkShiftForm, emptyShiftForm } from './shift-form';

const carerId = '0190a5b2-7c3d-7e4f-8a1b-000000000001';

describe('the New Shift form', () => {
  it('sends London wall-clock times as UTC instants, with the default break', () => {
    const check = checkShiftForm({ ...emptyShiftForm('2026-07-06'), carerId });
    expect(check).toEqual({
      ok: true,
      request: {
        carerId,
        shiftType: 'morning',
        startTime: '2026-07-06T06:00:00.000Z',
        endTime: '2026-07-06T13:00:00.000Z',
        breakMinutes: '30',
        location: '',
        status: 'confirmed',
        notes: '',
      },
    });
  });

  it("shows the API's messages under the fields", () => {
    const check = checkShiftForm({ ...emptyShiftForm('2026-01-06'), shiftType: '', startTime: '', breakMinutes: '-5' });
    expect(check).toEqual({
      ok: false,
      errors: {
        carerId: 'Carer is required',
        shiftType: 'Shift type must be one of: morning, afternoon, evening, night, full_day, sleep_in',
        startTime: 'Start time is required',
        breakMinutes: 'Break must be between 0 and 240 minutes',
      },
    });
    const backwards = checkShiftForm({ ...emptyShiftForm('2026-01-06'), carerId, endTime: '2026-01-06T06:00' });
    expect(backwards).toEqual({ ok: false, errors: { endTime: 'End time must be after the start time' } });
  });
});
