import { DayPicker } from 'react-day-picker';
import { enGB } from 'react-day-picker/locale';
import 'react-day-picker/style.css';

/**
 * The calendar of a date field: react-day-picker (an ARIA grid with arrow-key, Page Up/Down and Home/End
 * movement), British English, weeks starting on Monday, month and year menus so a date of birth is two choices away.
 */
export function MonthCalendar(props: {
  selected: Date | undefined;
  min: Date | undefined;
  max: Date | undefined;
  onPick: (day: Date) => void;
}) {
  const disabled = [...(props.min ? [{ before: props.min }] : []), ...(props.max ? [{ after: props.max }] : [])];
  const today = new Date();
  return (
    <DayPicker
      mode="single"
      required
      locale={enGB}
      weekStartsOn={1}
      captionLayout="dropdown"
      startMonth={new Date(1900, 0)}
      endMonth={new Date(today.getFullYear() + 10, 11)}
      defaultMonth={props.selected ?? props.max ?? today}
      selected={props.selected}
      onSelect={(day) => day && props.onPick(day)}
      disabled={disabled}
      autoFocus
    />
  );
}
