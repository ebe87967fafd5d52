import * as Popover from '@radix-ui/react-popover';
import { CalendarDays } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState, type InputHTMLAttributes } from 'react';
import { dayOfIso, formatUkDate, formatUkDateTime, isoOfDay, parseUkDate, parseUkDateTime } from './uk-dates';
import './date-input.css';

// The calendar loads when first opened: a form that is only typed into never downloads it.
const MonthCalendar = lazy(() => import('./month-calendar').then((module) => ({ default: module.MonthCalendar })));

type NativeProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'value' | 'onChange' | 'min' | 'max' | 'defaultValue'
>;

export interface DateInputProps extends NativeProps {
  /** ISO: "2026-11-23" (DateInput) or "2026-11-23T14:30" (DateTimeInput); "" when empty. */
  value: string;
  /**
   * Called as a native input's onChange would be, with the ISO value when the text is a real date (and time), ""
   * when cleared, and the text itself when it is not, so the form's own check says it is not a valid date.
   */
  onChange: (event: { target: { value: string } }) => void;
  /** ISO dates the calendar may not go before or after (the form still checks what is typed). */
  min?: string | undefined;
  max?: string | undefined;
}

interface Mode {
  readonly format: (iso: string) => string;
  readonly parse: (text: string) => string | null;
  readonly placeholder: string;
  /** The ISO value after picking `day` in the calendar, keeping the time already typed. */
  readonly pick: (day: string, current: string) => string;
}

const DATE_MODE: Mode = { format: formatUkDate, parse: parseUkDate, placeholder: 'dd/mm/yyyy', pick: (day) => day };
const DATE_TIME_MODE: Mode = {
  format: formatUkDateTime,
  parse: parseUkDateTime,
  placeholder: 'dd/mm/yyyy hh:mm',
  // A picked day with no time yet is left for the user to finish: no time is invented.
  pick: (day, current) => {
    const time = /T(\d{2}:\d{2})/.exec(current)?.[1];
    return time ? `${day}T${time}` : `${formatUkDate(day)} `;
  },
};

/** A date field that shows and accepts dd/mm/yyyy on every browser, with a Monday-first calendar beside it. */
export function DateInput(props: DateInputProps) {
  return <UkDateField {...props} mode={DATE_MODE} />;
}

/** A date and 24-hour time field, "dd/mm/yyyy hh:mm" on every browser, with a Monday-first calendar for the day. */
export function DateTimeInput(props: DateInputProps) {
  return <UkDateField {...props} mode={DATE_TIME_MODE} />;
}

function UkDateField({ value, onChange, min, max, mode, className, ...native }: DateInputProps & { mode: Mode }) {
  const [draft, setDraft] = useState(() => mode.format(value));
  const [open, setOpen] = useState(false);
  const emitted = useRef(value);
  const input = useRef<HTMLInputElement>(null);

  // A value set from outside (a reset, an edit dialog opening on a record) replaces what is shown.
  useEffect(() => {
    if (value !== emitted.current) {
      emitted.current = value;
      setDraft(mode.format(value));
    }
  }, [value, mode]);

  const emit = (text: string, iso: string | null) => {
    const next = text.trim() === '' ? '' : (iso ?? text);
    emitted.current = next;
    onChange({ target: { value: next } });
  };

  const onPick = (day: Date) => {
    const next = mode.pick(isoOfDay(day), value);
    const parsed = mode.parse(mode.format(next));
    setDraft(mode.format(next));
    emit(mode.format(next), parsed);
    setOpen(false);
  };

  return (
    <span className="date-field">
      <input
        {...native}
        ref={input}
        type="text"
        className={className ?? 'input'}
        placeholder={native.placeholder ?? mode.placeholder}
        autoComplete="off"
        value={draft}
        onChange={(event) => {
          setDraft(event.target.value);
          emit(event.target.value, mode.parse(event.target.value));
        }}
        onBlur={(event) => {
          // Tidy a real date into its canonical form once the user leaves the field ("3/4/2026" → "03/04/2026").
          const iso = mode.parse(draft);
          if (iso) setDraft(mode.format(iso));
          native.onBlur?.(event);
        }}
      />
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger
          type="button"
          className="icon-button date-field-button"
          aria-label="Choose date"
          disabled={native.disabled}
        >
          <CalendarDays size={18} aria-hidden />
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            className="date-field-popover"
            align="end"
            sideOffset={6}
            collisionPadding={8}
            aria-label="Calendar"
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              input.current?.focus();
            }}
          >
            <Suspense fallback={<p className="date-field-loading">Loading calendar…</p>}>
              <MonthCalendar selected={dayOfIso(value)} min={dayOfIso(min)} max={dayOfIso(max)} onPick={onPick} />
            </Suspense>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    </span>
  );
}

/** Whether a field's value is a whole ISO date: filters act on real dates only, never on half-typed text. */
export function isIsoDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value);
}
