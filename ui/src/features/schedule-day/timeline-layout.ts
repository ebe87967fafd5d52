import type { AppointmentView } from '@care/events';
import { appointmentCarerName } from '../../records/appointments/appointment-labels';

export const MINUTES_PER_DAY = 24 * 60;
/**
 * A block is never narrower than this, however short the visit, so the client's name (on up to two lines) and the
 * whole time range "07:45–08:30" fit in it.
 */
export const MIN_BLOCK_WIDTH_PX = 116;
/** Each hour of the axis is at least this wide; a longer day scrolls sideways inside its card. */
export const MIN_HOUR_WIDTH_PX = 60;

/** The hours the axis shows: whole hours from an hour before the first visit to an hour after the last one ends. */
export interface TimelineAxis {
  readonly startHour: number;
  readonly endHour: number;
}

export interface TimelineBlock {
  readonly appointment: AppointmentView;
  /** Start as a share of the axis, in percent. */
  readonly left: number;
  /** Duration as a share of the axis, in percent (cut at the axis' end); the CSS minimum width is MIN_BLOCK_WIDTH_PX. */
  readonly width: number;
  /** Blocks that would overlap on screen go on separate lanes of the row. */
  readonly lane: number;
}

export interface TimelineRow {
  /** The carer's id, or "unassigned". */
  readonly key: string;
  readonly label: string;
  readonly lanes: number;
  readonly blocks: readonly TimelineBlock[];
}

/** "09:30" → 570. */
export function minutesOfDay(clock: string): number {
  const [hours, minutes] = clock.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

/** Where a visit ends on the day's clock, in minutes; a visit past midnight ends at midnight here. */
const endOfDayMinutes = (appointment: AppointmentView): number =>
  Math.min(MINUTES_PER_DAY, minutesOfDay(appointment.startTime) + appointment.scheduledDuration);

/**
 * The axis of a day: the night hours before the first visit and after the last are left out, so the bar's width
 * goes to the hours in use. A whole day (00:00–24:00) without visits.
 */
export function timelineAxis(appointments: readonly AppointmentView[]): TimelineAxis {
  if (appointments.length === 0) return { startHour: 0, endHour: 24 };
  const first = Math.min(...appointments.map((appointment) => minutesOfDay(appointment.startTime)));
  const last = Math.max(...appointments.map(endOfDayMinutes));
  return {
    startHour: Math.max(0, Math.floor(first / 60) - 1),
    endHour: Math.min(24, Math.ceil(last / 60) + 1),
  };
}

/**
 * One row per carer (by name) and an "Unassigned" row last; each visit placed at its start on the axis with a
 * width of its duration. A lane holds blocks that do not overlap as drawn (a short visit takes at least its
 * minimum width, which on the narrowest bar is MIN_BLOCK_WIDTH_PX ÷ MIN_HOUR_WIDTH_PX hours).
 */
export function timelineRows(appointments: readonly AppointmentView[], axis: TimelineAxis): TimelineRow[] {
  const minMinutes = (MIN_BLOCK_WIDTH_PX / MIN_HOUR_WIDTH_PX) * 60;
  const axisStart = axis.startHour * 60;
  const axisMinutes = (axis.endHour - axis.startHour) * 60;
  const groups = new Map<string, { label: string; items: AppointmentView[] }>();
  for (const appointment of appointments) {
    const key = appointment.carerId ?? 'unassigned';
    const group = groups.get(key) ?? { label: appointmentCarerName(appointment), items: [] };
    group.items.push(appointment);
    groups.set(key, group);
  }
  const rows = [...groups.entries()].map(([key, { label, items }]): TimelineRow => {
    const laneEnds: number[] = [];
    const sorted = [...items].sort((a, b) => a.scheduledDate.localeCompare(b.scheduledDate));
    const blocks = sorted.map((appointment): TimelineBlock => {
      const start = minutesOfDay(appointment.startTime);
      const drawnEnd = start + Math.max(appointment.scheduledDuration, minMinutes);
      let lane = laneEnds.findIndex((end) => end <= start);
      if (lane === -1) lane = laneEnds.length;
      laneEnds[lane] = drawnEnd;
      const minutes = endOfDayMinutes(appointment) - start;
      return {
        appointment,
        left: ((start - axisStart) / axisMinutes) * 100,
        width: (minutes / axisMinutes) * 100,
        lane,
      };
    });
    return { key, label, lanes: Math.max(1, laneEnds.length), blocks };
  });
  return rows.sort((a, b) =>
    a.key === 'unassigned' ? 1 : b.key === 'unassigned' ? -1 : a.label.localeCompare(b.label, 'en-GB'),
  );
}
