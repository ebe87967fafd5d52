import type { AppointmentStatus } from '../enums';
import type { DiaryEntryView } from './diary-view';

/**
 * The diary's own views (the tabs of the diary navigation bar beside the Care Diary). Each holds only entries the
 * reader may read in GET /api/diary (confidentiality and a carer's window included).
 */

/** One London day of GET /api/diary/weekly: its newest entries (a bounded number) and how many it holds. */
export interface DiaryDayView {
  /** YYYY-MM-DD, London. */
  date: string;
  entries: DiaryEntryView[];
  total: number;
}

/** GET /api/diary/weekly: Monday to Sunday (London dates). */
export interface DiaryWeekView {
  weekStart: string;
  weekEnd: string;
  days: DiaryDayView[];
}

/** One group of GET /api/diary/carer-roster or /client-roster: a carer or client, their count and latest entries. */
export interface DiaryRosterGroupView {
  id: string;
  firstName: string;
  lastName: string;
  entries: number;
  latestEntryDate: string;
  latest: DiaryEntryView[];
}

/** The visit an entry was recorded against, as GET /api/diary/monitoring shows it beside the entry. */
export interface DiaryVisitView {
  id: string;
  date: string;
  scheduledStart: string;
  scheduledEnd: string;
  status: AppointmentStatus;
  checkedInAt: string | null;
  checkedOutAt: string | null;
  carer: { firstName: string; lastName: string } | null;
  client: { firstName: string; lastName: string };
}

/** GET /api/diary/monitoring: an entry linked to a visit; `visit` is null when the reader may not read that visit. */
export interface DiaryMonitoringRowView {
  entry: DiaryEntryView;
  visit: DiaryVisitView | null;
}

/** A visit on the diary's maps: its record, where the carer checked in, and the diary entries recorded against it. */
export interface DiaryMapVisitView extends DiaryVisitView {
  location: { latitude: number; longitude: number; address: string | null };
  /** When the carer's app was last online (ISO instant), null when never: the live map shows their signal. */
  carerAppLastOnline: string | null;
  entries: { id: string; title: string; entryDate: string }[];
}
