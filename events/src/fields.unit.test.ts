import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  DATE_RANGE_MESSAGE,
  INSTANT_RANGE_MESSAGE,
  blankAsAbsent,
  formatPoundsLimit,
  integerBetween,
  milesToTenths,
  oneOf,
  optionalDate,
  optionalInstant,
  optionalIntegerBetween,
  optionalText,
  poundsToPence,
  queryOneOf,
  requiredDate,
  requiredInstant,
  requiredText,
  safeText,
  searchText,
  textList,
} from './fields';
import { MONEY_LIMITS } from './limits';
import { CONTROL_CHARACTERS_MESSAGE, INVALID_UNICODE_MESSAGE } from './safe-text';

/** What a form would show under the field: the first message, or undefined when the value is accepted. */
function messageFor(schema: z.ZodType, value: unknown): string | undefined {
  const parsed = schema.safeParse(value);
  return parsed.success ? undefined : parsed.error.issues[0]!.message;
}

/** Every control character the text fields refuse: C0 but tab and newline, DEL, C1. */
const refusedControl = fc
  .oneof(
    fc.integer({ min: 0x00, max: 0x08 }),
    fc.integer({ min: 0x0b, max: 0x1f }),
    fc.integer({ min: 0x7f, max: 0x9f }),
  )
  .map((code) => String.fromCharCode(code));
/** Any well-formed text with no control character but tab and newline. */
const allowedText = fc
  .string({ unit: 'binary', maxLength: 50 })
  // eslint-disable-next-line no-control-regex -- the generator strips the control characters the fields refuse
  .map((text) => text.replace(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g, ''));

describe('safeText (the base of every free-text field)', () => {
  const field = safeText(100);

  it('refuses a control character anywhere, with the message, whatever surrounds it', () => {
    fc.assert(
      fc.property(allowedText, refusedControl, fc.nat(), (text, control, at) => {
        const position = at % (text.length + 1);
        // Not at an end where trimming would remove it: a carriage return is a line end (normalised), so use a letter around it.
        const value = `x${text.slice(0, position)}${control}${text.slice(position)}x`.slice(0, 100);
        if (!value.includes(control) || control === '\r') return;
        expect(messageFor(field, value)).toBe(CONTROL_CHARACTERS_MESSAGE);
      }),
    );
  });

  it('accepts any other text within its length, trimmed', () => {
    fc.assert(
      fc.property(allowedText, (text) => {
        const parsed = field.safeParse(text);
        expect(parsed.success).toBe(true);
        expect(parsed.data).toBe(text.trim());
      }),
    );
  });

  it('refuses NUL, the character PostgreSQL cannot store', () => {
    expect(messageFor(field, 'Ada\u0000Lovelace')).toBe(CONTROL_CHARACTERS_MESSAGE);
  });

  it('refuses a lone surrogate (PostgreSQL jsonb refuses it too) and keeps a real emoji', () => {
    expect(messageFor(field, 'note \uD83D end')).toBe(INVALID_UNICODE_MESSAGE);
    expect(messageFor(field, 'note \uDE00 end')).toBe(INVALID_UNICODE_MESSAGE);
    expect(field.parse('note 😀 end')).toBe('note 😀 end');
  });

  it('keeps newlines and tabs, and makes Windows and old Mac line ends newlines', () => {
    expect(field.parse('one\n\ttwo')).toBe('one\n\ttwo');
    expect(field.parse('one\r\ntwo\rthree')).toBe('one\ntwo\nthree');
  });

  it('refuses a text one character over its length, and accepts one at it', () => {
    expect(field.parse('é'.repeat(100))).toHaveLength(100);
    expect(messageFor(field, 'é'.repeat(101))).toBe('Must be at most 100 characters');
  });
});

describe('requiredText and optionalText', () => {
  it('keep the required message for blank, then refuse control characters', () => {
    const firstName = requiredText('First name is required', 100);
    expect(messageFor(firstName, '  ')).toBe('First name is required');
    expect(messageFor(firstName, undefined)).toBe('First name is required');
    expect(messageFor(firstName, 'Ada\u0000')).toBe(CONTROL_CHARACTERS_MESSAGE);
    expect(messageFor(firstName, 'x'.repeat(101))).toBe('Must be at most 100 characters');
  });

  it('treat blank as null and refuse control characters in what is given', () => {
    const notes = optionalText(10);
    expect(notes.parse('   ')).toBeNull();
    expect(notes.parse(undefined)).toBeUndefined();
    expect(messageFor(notes, 'a\u0007b')).toBe(CONTROL_CHARACTERS_MESSAGE);
    expect(messageFor(notes, 'x'.repeat(11))).toBe('Must be at most 10 characters');
  });
});

describe('textList', () => {
  it('refuses an entry with a control character, and bounds entries and their length', () => {
    const list = textList(2, 5);
    expect(messageFor(list, ['ok', 'b\u0000d'])).toBe(CONTROL_CHARACTERS_MESSAGE);
    expect(messageFor(list, ['a', 'b', 'c'])).toBe('At most 2 entries');
    expect(messageFor(list, ['toolong'])).toBe('Each entry must be at most 5 characters');
    expect(list.parse([' a ', 'A'])).toEqual(['a']);
  });
});

describe('searchText (read API search boxes)', () => {
  it('refuses control characters and more than 200 characters', () => {
    expect(messageFor(searchText(), 'ada\u0000')).toBe(CONTROL_CHARACTERS_MESSAGE);
    expect(messageFor(searchText(), 'x'.repeat(201))).toBe('Search must be at most 200 characters');
    expect(searchText().parse(' ada ')).toBe('ada');
  });
});

describe('poundsToPence (money)', () => {
  const hourlyRate = poundsToPence(
    'Hourly rate must be an amount in pounds with at most 2 decimals',
    MONEY_LIMITS.hourlyRatePence,
    'Hourly rate',
  );

  it('accepts up to the limit, as text or a number, in pence', () => {
    expect(hourlyRate.parse('500.00')).toBe(50_000);
    expect(hourlyRate.parse(500)).toBe(50_000);
    expect(hourlyRate.parse('0')).toBe(0);
    expect(hourlyRate.parse('14.5')).toBe(1450);
    expect(hourlyRate.parse('')).toBeNull();
  });

  it('refuses a penny over the limit, and the 21474837 that once stalled the projector, with the limit', () => {
    expect(messageFor(hourlyRate, '500.01')).toBe('Hourly rate must be at most £500.00');
    expect(messageFor(hourlyRate, '21474837')).toBe('Hourly rate must be at most £500.00');
    expect(messageFor(hourlyRate, 99_999_999.99)).toBe('Hourly rate must be at most £500.00');
  });

  it('keeps its own message for what is not an amount', () => {
    for (const bad of ['-1', '1.234', 'ten', '1e3', true, '123456789']) {
      expect(messageFor(hourlyRate, bad)).toBe('Hourly rate must be an amount in pounds with at most 2 decimals');
    }
  });

  it('never yields more pence than the limit (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_999_999_999 }), (pence) => {
        const text = `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;
        const parsed = hourlyRate.safeParse(text);
        if (parsed.success) expect(parsed.data).toBeLessThanOrEqual(MONEY_LIMITS.hourlyRatePence);
        expect(parsed.success).toBe(pence <= MONEY_LIMITS.hourlyRatePence);
      }),
    );
  });

  it('writes limits the way the messages show them', () => {
    expect(formatPoundsLimit(100_000)).toBe('£1,000.00');
    expect(formatPoundsLimit(50_000)).toBe('£500.00');
    expect(formatPoundsLimit(123_456_789)).toBe('£1,234,567.89');
  });
});

describe('milesToTenths (mileage)', () => {
  const mileage = milesToTenths('Mileage must be miles with at most one decimal', 10_000, 'Mileage');

  it('accepts up to the limit in tenths of a mile and refuses a tenth more', () => {
    expect(mileage.parse('1000')).toBe(10_000);
    expect(mileage.parse(12.3)).toBe(123);
    expect(messageFor(mileage, '1000.1')).toBe('Mileage must be at most 1000 miles');
    expect(messageFor(mileage, '99999')).toBe('Mileage must be at most 1000 miles');
  });

  it('keeps its own message for what is not a distance', () => {
    expect(messageFor(mileage, '1.25')).toBe('Mileage must be miles with at most one decimal');
    expect(messageFor(mileage, '-3')).toBe('Mileage must be miles with at most one decimal');
  });
});

describe('integerBetween and optionalIntegerBetween (counts and durations)', () => {
  const message = 'Max clients per day must be a whole number from 1 to 50';
  const count = integerBetween(1, 50, message);

  it('accepts the bounds, from a number or a form text, and refuses one past either', () => {
    expect(count.parse(1)).toBe(1);
    expect(count.parse('50')).toBe(50);
    for (const bad of [0, 51, '51', 2.5, '', 'many', true, null]) expect(messageFor(count, bad)).toBe(message);
  });

  it('treats blank as not recorded when optional', () => {
    const travel = optionalIntegerBetween(0, 600, 'Travel time must be a whole number of minutes from 0 to 600');
    expect(travel.parse('')).toBeNull();
    expect(travel.parse('600')).toBe(600);
    expect(messageFor(travel, 601)).toBe('Travel time must be a whole number of minutes from 0 to 600');
    expect(messageFor(travel, -1)).toBe('Travel time must be a whole number of minutes from 0 to 600');
  });
});

describe('dates and instants', () => {
  it('accept calendar dates from 1900 to 2099 only (PostgreSQL has no year 0)', () => {
    const date = requiredDate('Start date is required');
    expect(date.parse('1900-01-01')).toBe('1900-01-01');
    expect(date.parse('2099-12-31')).toBe('2099-12-31');
    for (const bad of ['1899-12-31', '2100-01-01', '0000-01-01'])
      expect(messageFor(date, bad)).toBe(DATE_RANGE_MESSAGE);
    expect(messageFor(optionalDate(), '0001-01-01')).toBe(DATE_RANGE_MESSAGE);
    expect(optionalDate().parse('')).toBeNull();
  });

  it('accept instants from 1900 to 2099 only, after converting the offset to UTC', () => {
    const instant = requiredInstant('Entry date is required');
    expect(instant.parse('2099-12-31T23:59:59+00:00')).toBe('2099-12-31T23:59:59.000Z');
    expect(instant.parse('1900-01-01T01:00:00+01:00')).toBe('1900-01-01T00:00:00.000Z');
    // Year 0 with a positive offset is year -1 in UTC: a timestamp PostgreSQL refuses.
    expect(messageFor(instant, '0000-01-01T00:30:00+01:00')).toBe(INSTANT_RANGE_MESSAGE);
    expect(messageFor(instant, '2100-01-01T00:00:00Z')).toBe(INSTANT_RANGE_MESSAGE);
    expect(messageFor(optionalInstant(), '1899-12-31T23:59:59Z')).toBe(INSTANT_RANGE_MESSAGE);
    expect(optionalInstant().parse(' ')).toBeUndefined();
  });
});

describe('oneOf and queryOneOf (choices from a list)', () => {
  const STATUSES = ['open', 'closed'] as const;

  it('accepts one of the choices and answers anything else with the choices', () => {
    const status = oneOf(STATUSES, 'Status');
    expect(status.parse('closed')).toBe('closed');
    for (const bad of ['', 'Open', 'pending', 3])
      expect(messageFor(status, bad)).toBe('Status must be one of: open, closed');
  });

  it('in a query string, treats an empty value or none as "not given" and checks anything else', () => {
    const status = queryOneOf(STATUSES, 'Status');
    expect(status.parse('')).toBeUndefined();
    expect(status.parse(undefined)).toBeUndefined();
    expect(status.parse('open')).toBe('open');
    expect(messageFor(status, ' ')).toBe('Status must be one of: open, closed');
    expect(messageFor(status, 'pending')).toBe('Status must be one of: open, closed');
  });

  it('blankAsAbsent turns only the empty text into undefined', () => {
    expect(blankAsAbsent('')).toBeUndefined();
    expect(blankAsAbsent(' ')).toBe(' ');
    expect(blankAsAbsent('0')).toBe('0');
    expect(blankAsAbsent(null)).toBeNull();
  });
});
