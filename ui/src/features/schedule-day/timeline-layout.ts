import type { AppointmentView } from '@care/events';
import { appointmentCarerName } from '../../records/appointments/appointment-labels';

export const MINUTES_PER_DAY = 24 * 60;
/** A block is never narrower than this, however short the visit, so its name stays readable. */
export const MIN_BLOCK_WIDTH_PX = 80;
/** The bar is never narrower than this (it scrolls sideways on a phone), so 80 px is at most this share of the day. */
export const MIN_TRACK_WIDTH_PX = 720;

export interface TimelineBlock {
  readonly appointment: AppointmentView;
  /** Start as a share of the day, in percent. */
  readonly left: number;
  /** Duration as a share of the day, in percent (cut at midnight); the CSS minimum width is 80 px. */
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

/**
 * One row per carer (by name) and an "Unassigned" row last; each visit placed at start ÷ 24 h with width
 * duration ÷ 24 h. A lane holds blocks that do not overlap as drawn (a short visit takes at least its 80 px).
 */
export function timelineRows(appointments: readonly AppointmentView[]): TimelineRow[] {
  const minMinutes = (MIN_BLOCK_WIDTH_PX / MIN_TRACK_WIDTH_PX) * MINUTES_PER_DAY;
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
      const minutes = Math.min(appointment.scheduledDuration, MINUTES_PER_DAY - start);
      return { appointment, left: (start / MINUTES_PER_DAY) * 100, width: (minutes / MINUTES_PER_DAY) * 100, lane };
    });
    return { key, label, lanes: Math.max(1, laneEnds.length), blocks };
  });
  return rows.sort((a, b) =>
    a.key === 'unassigned' ? 1 : b.key === 'unassigned' ? -1 : a.label.localeCompare(b.label, 'en-GB'),
  );
}

/** Where the day's first visit starts, in minutes (to scroll a narrow timeline to it); undefined without visits. */
export function earliestStart(appointments: readonly AppointmentView[]): number | undefined {
  const starts = appointments.map((appointment) => minutesOfDay(appointment.startTime));
  return starts.length === 0 ? undefined : Math.min(...starts);
}
