import { bankHolidaysFrom, type BankHoliday, type BankHolidayEvent, ukDate } from '@care/events';
import { DomainError } from '../shared/domain-error';

/** The list in force, as a `loadStream` state: evolve keeps the stream's events and folds them on demand. */
export interface BankHolidayState {
  readonly events: readonly BankHolidayEvent[];
}
export const initialBankHolidayState: BankHolidayState = { events: [] };
export const evolveBankHolidays = (state: BankHolidayState, event: BankHolidayEvent): BankHolidayState => ({
  events: [...state.events, event],
});
export const bankHolidaysOf = (state: BankHolidayState): BankHoliday[] => bankHolidaysFrom(state.events);

export function decideAddBankHoliday(state: BankHolidayState, date: string, name: string): BankHolidayEvent[] {
  const existing = bankHolidaysOf(state).find((day) => day.date === date);
  if (existing)
    throw new DomainError('conflict', `${ukDate(date)} is already a bank holiday (${existing.name})`, 'date');
  return [{ type: 'BankHolidayAdded', data: { date, name } }];
}

export function decideRemoveBankHoliday(state: BankHolidayState, date: string, reason: string): BankHolidayEvent[] {
  if (!bankHolidaysOf(state).some((day) => day.date === date))
    throw new DomainError('not_found', `${ukDate(date)} is not a bank holiday`);
  return [{ type: 'BankHolidayRemoved', data: { date, reason } }];
}
