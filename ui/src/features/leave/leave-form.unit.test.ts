import { TO_BEFORE_FROM } from '@care/events';
import { describe, expect, it } from 'vitest';
import { checkLeaveForm, EMPTY_LEAVE_FORM } from './leave-form';

const carerId = '0190a5b2-7c3d-7e4f-8a1b-000000000001';
const filled = { ...EMPTY_LEAVE_FORM, carerId, from: '2027-03-08', to: '2027-03-12' };

describe('checkLeaveForm', () => {
  it("shows the API's own messages under the fields before anything is sent", () => {
    const check = checkLeaveForm({ ...EMPTY_LEAVE_FORM });
    expect(check.ok).toBe(false);
    if (!check.ok) {
      expect(check.errors).toEqual({
        carerId: 'Carer is required',
        from: 'First day is required',
        to: 'Last day is required',
      });
    }
    expect(checkLeaveForm({ ...filled, to: '2027-03-07' })).toEqual({ ok: false, errors: { to: TO_BEFORE_FROM } });
  });

  it('sends whole days as typed, a blank note as none', () => {
    expect(checkLeaveForm(filled)).toEqual({
      ok: true,
      request: { carerId, kind: 'annual', from: '2027-03-08', to: '2027-03-12', dayPart: 'full', note: null },
    });
  });

  it('ends a half day on its own date, whatever the hidden last day held', () => {
    const check = checkLeaveForm({ ...filled, dayPart: 'afternoon', note: ' dentist ' });
    expect(check).toEqual({
      ok: true,
      request: { carerId, kind: 'annual', from: '2027-03-08', to: '2027-03-08', dayPart: 'afternoon', note: 'dentist' },
    });
  });
});
