import { describe, expect, it } from 'vitest';
import { CONTROL_CHARACTERS_MESSAGE } from '@care/events';
import { checkCarerForm, EMPTY_CARER_FORM, type CarerFormValues } from './carer-form';

const filled = (overrides: Partial<CarerFormValues>): CarerFormValues => ({
  ...EMPTY_CARER_FORM,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.org',
  employeeId: 'EMP-1',
  startDate: '2024-03-01',
  ...overrides,
});

describe('checkCarerForm at the input limits', () => {
  it("shows the server's limit under the hourly rate, the count and a text with a control character", () => {
    expect(checkCarerForm(filled({ hourlyRate: '21474837', maxClientsPerDay: '51', notes: 'Drives\u0000' }))).toEqual({
      ok: false,
      errors: {
        hourlyRate: 'Hourly rate must be at most £500.00',
        maxClientsPerDay: 'Max clients per day must be a whole number from 1 to 50',
        notes: CONTROL_CHARACTERS_MESSAGE,
      },
    });
  });

  it('accepts the limits themselves', () => {
    expect(
      checkCarerForm(filled({ hourlyRate: '500.00', maxClientsPerDay: '50', notes: 'Line one\nLine two' })).ok,
    ).toBe(true);
  });
});
