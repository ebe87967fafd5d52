import { describe, expect, it } from 'vitest';
import { bankHolidaysFrom, BUILT_IN_BANK_HOLIDAYS, type BankHolidayEvent } from '@care/events';
import { DomainError } from '../shared/domain-error';
import {
  decideAddBankHoliday,
  decideRemoveBankHoliday,
  evolveBankHolidays,
  initialBankHolidayState,
} from './bank-holiday-decide';

const given = (events: BankHolidayEvent[]) => events.reduce(evolveBankHolidays, initialBankHolidayState);

describe('bank holidays', () => {
  it('given no changes, the list is the built-in England and Wales days, eight a year, in date order', () => {
    const list = bankHolidaysFrom([]);
    expect(list).toHaveLength(BUILT_IN_BANK_HOLIDAYS.length);
    expect(list.filter((day) => day.date.startsWith('2026-')).map((day) => `${day.date} ${day.name}`)).toEqual([
      "2026-01-01 New Year's Day",
      '2026-04-03 Good Friday',
      '2026-04-06 Easter Monday',
      '2026-05-04 Early May bank holiday',
      '2026-05-25 Spring bank holiday',
      '2026-08-31 Summer bank holiday',
      '2026-12-25 Christmas Day',
      '2026-12-28 Boxing Day',
    ]);
  });

  it('when an administrator adds a day, then it is a bank holiday from then on', () => {
    expect(decideAddBankHoliday(initialBankHolidayState, '2028-01-03', "New Year's Day (substitute day)")).toEqual([
      { type: 'BankHolidayAdded', data: { date: '2028-01-03', name: "New Year's Day (substitute day)" } },
    ]);
    const list = bankHolidaysFrom(
      given([{ type: 'BankHolidayAdded', data: { date: '2028-01-03', name: 'New Year' } }]).events,
    );
    expect(list.at(-1)).toEqual({ date: '2028-01-03', name: 'New Year', source: 'added' });
  });

  it('given a day already on the list, when it is added again, then it is refused (409) under the date', () => {
    const refuse = () => decideAddBankHoliday(initialBankHolidayState, '2026-12-25', 'Christmas');
    expect(refuse).toThrow(DomainError);
    expect(refuse).toThrow('25/12/2026 is already a bank holiday (Christmas Day)');
  });

  it('when a built-in day is removed with a reason, then it is no longer a bank holiday, and removing it again is refused', () => {
    const events = decideRemoveBankHoliday(initialBankHolidayState, '2027-05-31', 'Moved by proclamation');
    expect(events).toEqual([
      { type: 'BankHolidayRemoved', data: { date: '2027-05-31', reason: 'Moved by proclamation' } },
    ]);
    const state = given(events);
    expect(bankHolidaysFrom(state.events).some((day) => day.date === '2027-05-31')).toBe(false);
    expect(() => decideRemoveBankHoliday(state, '2027-05-31', 'again')).toThrow('31/05/2027 is not a bank holiday');
  });

  it('given a day removed, when it is added back, then it returns as an added day', () => {
    const state = given([{ type: 'BankHolidayRemoved', data: { date: '2027-05-31', reason: 'x' } }]);
    const events = decideAddBankHoliday(state, '2027-05-31', 'Spring bank holiday');
    expect(bankHolidaysFrom([...state.events, ...events]).find((day) => day.date === '2027-05-31')).toEqual({
      date: '2027-05-31',
      name: 'Spring bank holiday',
      source: 'added',
    });
  });
});
