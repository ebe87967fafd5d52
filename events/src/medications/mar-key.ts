import { z } from 'zod';
import { defineEvent, type EventOf } from '../event-definition';
import { eventText } from '../event-fields';
import { TEXT_LIMITS } from '../limits';
import { ADMINISTRATION_STATUSES, MAR_CODES, type MarCode } from './medication-enums';

/**
 * The MAR chart's key as the agency keeps it: the built-in codes (MAR_CODES) and the codes an administrator adds
 * (for example H "Held on the GP's advice"). An added code can be withdrawn from new records; it stays on the key
 * because earlier records still carry it. All on one stream, `medication-mar-codes`, so a code is added once.
 */
export const MAR_KEY_STREAM = 'medication-mar-codes';

/** One to four capital letters or digits, starting with a letter, as a chart's key prints them. */
export const MAR_CODE_PATTERN = /^[A-Z][A-Z0-9]{0,3}$/;
export const marCodeText = () => z.string().max(4).regex(MAR_CODE_PATTERN);

export const MarCodeAdded = defineEvent(
  'MarCodeAdded',
  1,
  z.object({
    code: marCodeText(),
    label: eventText(TEXT_LIMITS.title),
    /** Which of the screen's outcomes it counts as: adherence, the refusal rule and witnesses follow it. */
    status: z.enum(ADMINISTRATION_STATUSES),
    needsReason: z.boolean(),
  }),
);
export const MarCodeWithdrawn = defineEvent(
  'MarCodeWithdrawn',
  1,
  z.object({ code: marCodeText(), reason: eventText(TEXT_LIMITS.shortReason) }),
);
export const marKeyEvents = [MarCodeAdded, MarCodeWithdrawn] as const;
export type MarKeyEvent = EventOf<typeof marKeyEvents>;

export interface MarKeyEntry extends MarCode {
  readonly builtIn: boolean;
  /** No longer offered for new records; earlier records keep it. */
  readonly withdrawn: boolean;
}

export const BUILT_IN_MAR_KEY: readonly MarKeyEntry[] = MAR_CODES.map((entry) => ({
  ...entry,
  builtIn: true,
  withdrawn: false,
}));

/** Folds one change into the key. Pure: the command side and the read side share it. */
export function evolveMarKey(key: readonly MarKeyEntry[], event: MarKeyEvent): readonly MarKeyEntry[] {
  switch (event.type) {
    case 'MarCodeAdded': {
      const { code, label, status, needsReason } = event.data;
      return key.some((entry) => entry.code === code)
        ? key
        : [...key, { code, label, status, needsReason, builtIn: false, withdrawn: false }];
    }
    case 'MarCodeWithdrawn':
      return key.map((entry) =>
        entry.code === event.data.code && !entry.builtIn ? { ...entry, withdrawn: true } : entry,
      );
  }
}

export const marKeyEntry = (key: readonly MarKeyEntry[], code: string): MarKeyEntry | undefined =>
  key.find((entry) => entry.code === code);

/** The label a record's code shows: the key's, else the code itself (never a blank on a legal record). */
export const marCodeLabel = (key: readonly MarKeyEntry[], code: string): string =>
  marKeyEntry(key, code)?.label ?? code;
