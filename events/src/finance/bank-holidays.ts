import { z } from 'zod';
import { defineEvent, type EventOf } from '../event-definition';
import { eventDate, eventText } from '../event-fields';
import { requiredDate, requiredText } from '../fields';
import { TEXT_LIMITS } from '../limits';

/**
 * England and Wales bank holidays (gov.uk), the list every agency starts with. Substitute days are listed as the
 * holiday (Boxing Day 2026 falls on a Saturday, so Monday 28 December is the bank holiday). gov.uk publishes them
 * about two years ahead, and one-off holidays are announced in between: administrators add and remove days
 * (events on the `bank-holidays` stream), and a visit is charged at the bank holiday rate by that list.
 */
export const BUILT_IN_BANK_HOLIDAYS: readonly { readonly date: string; readonly name: string }[] = [
  ...yearOf('2025', ['01-01', '04-18', '04-21', '05-05', '05-26', '08-25', '12-25', '12-26']),
  ...yearOf('2026', ['01-01', '04-03', '04-06', '05-04', '05-25', '08-31', '12-25', '12-28']),
  ...yearOf('2027', ['01-01', '03-26', '03-29', '05-03', '05-31', '08-30', '12-27', '12-28']),
];

/** gov.uk's names, in the order every year has them. */
function yearOf(year: string, days: readonly string[]) {
  const names = [
    "New Year's Day",
    'Good Friday',
    'Easter Monday',
    'Early May bank holiday',
    'Spring bank holiday',
    'Summer bank holiday',
    'Christmas Day',
    'Boxing Day',
  ];
  return days.map((day, index) => ({ date: `${year}-${day}`, name: names[index]! }));
}

export const BANK_HOLIDAYS_STREAM_ID = 'bank-holidays';

export const BankHolidayAdded = defineEvent(
  'BankHolidayAdded',
  1,
  z.object({ date: eventDate(), name: eventText(TEXT_LIMITS.title) }),
);

/** A day that is not a bank holiday after all (a built-in day moved by proclamation, or one added by mistake). */
export const BankHolidayRemoved = defineEvent(
  'BankHolidayRemoved',
  1,
  z.object({ date: eventDate(), reason: eventText(TEXT_LIMITS.shortReason) }),
);

export const bankHolidayEvents = [BankHolidayAdded, BankHolidayRemoved] as const;
export type BankHolidayEvent = EventOf<typeof bankHolidayEvents>;

export interface BankHoliday {
  readonly date: string;
  readonly name: string;
  readonly source: 'built-in' | 'added';
}

/** The list in force: the built-in days, then each addition and removal in order. Sorted by date. */
export function bankHolidaysFrom(events: readonly BankHolidayEvent[]): BankHoliday[] {
  const days = new Map<string, BankHoliday>(
    BUILT_IN_BANK_HOLIDAYS.map((day) => [day.date, { ...day, source: 'built-in' as const }]),
  );
  for (const event of events) {
    if (event.type === 'BankHolidayAdded')
      days.set(event.data.date, { date: event.data.date, name: event.data.name, source: 'added' });
    else days.delete(event.data.date);
  }
  return [...days.values()].sort((a, b) => a.date.localeCompare(b.date));
}

export const addBankHolidayRequestSchema = z.object({
  date: requiredDate('Date is required'),
  name: requiredText('Name is required', TEXT_LIMITS.title),
});
export type AddBankHolidayRequest = z.input<typeof addBankHolidayRequestSchema>;

export const removeBankHolidayRequestSchema = z.object({
  reason: requiredText('Reason is required', TEXT_LIMITS.shortReason),
});
export type RemoveBankHolidayRequest = z.input<typeof removeBankHolidayRequestSchema>;

export const bankHolidayViewSchema = z.object({
  date: z.string(),
  name: z.string(),
  source: z.enum(['built-in', 'added']),
});
export type BankHolidayView = z.infer<typeof bankHolidayViewSchema>;
