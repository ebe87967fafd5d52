import {
  addDays,
  mondayOf,
  londonTimeToInstant,
  londonToday,
  type CheckInRequest,
  type CheckOutRequest,
  type ClientMood,
  type ScheduleAppointmentRequest,
  type VisitType,
} from '@care/events';
import { DEMO_OFFICE, near, type DemoPlace } from './demo-places';

/**
 * About six weeks of visits around today (four weeks back, two ahead), the same for the same `now`: no
 * randomness, every choice derived from the carer, day and slot. Past visits are mostly completed (some late,
 * some typed in by hand), a few cancelled, no-shows or left without a check-in (the timeliness policy raises
 * those as missed); today has visits in every state; the demo carer account has visits just ahead of now so it
 * can check in. Every visit goes in as commands at the times they happen (scripts/demo-seed.ts): booked ten days
 * ahead, checked in and out on the carer's phone as the visit starts and ends, a few typed in by hand afterwards.
 */
export interface DemoVisitStep {
  readonly action: 'check-in' | 'check-out' | 'cancel' | 'no-show';
  readonly body: CheckInRequest | CheckOutRequest | { reason?: string };
  /** When it is recorded: a phone's check-in at the moment it happens, a time typed in by hand later that day. */
  readonly at: Date;
}

export interface DemoVisit {
  readonly schedule: ScheduleAppointmentRequest;
  /** Sent after the schedule command, in order, against the new appointment. */
  readonly steps: readonly DemoVisitStep[];
  /**
   * Nobody checked in by the planned end, so the rules process marked the visit missed as it happened; `steps` are
   * then the office's follow-up that day (none yet for today's).
   */
  readonly missed?: boolean;
}

/** How far back the demo visit history goes (days): thirteen weeks, so finance has three months of invoices and pay. */
export const DEMO_VISIT_DAYS_BACK = 91;
const DAYS_BACK = DEMO_VISIT_DAYS_BACK;
/** How far ahead visits are booked (days): two weeks. */
export const DEMO_VISIT_DAYS_AHEAD = 14;
const DAYS_AHEAD = DEMO_VISIT_DAYS_AHEAD;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** A carer's round: start time (London) and length of each daily visit. */
const SLOTS = [
  { time: '08:00', minutes: 45, types: ['personal_care', 'personal_care', 'medication'] },
  { time: '12:30', minutes: 30, types: ['medication', 'companionship', 'domestic'] },
  { time: '17:30', minutes: 60, types: ['personal_care', 'domestic', 'companionship'] },
] as const satisfies readonly { time: string; minutes: number; types: readonly VisitType[] }[];

const TASKS: Record<VisitType, readonly string[]> = {
  personal_care: [
    'Assist with washing and dressing',
    'Prepare breakfast',
    'Prompt medication',
    'Check skin and pressure areas',
  ],
  medication: ['Administer medication', 'Record on the MAR chart', 'Prepare lunch'],
  companionship: ['Chat and company', 'Short walk outside', 'Make a hot drink'],
  domestic: ['Light cleaning', 'Laundry', 'Change bed linen'],
  transport: ['Drive to the appointment', 'Accompany and wait', 'Drive home'],
};

const MOODS: readonly ClientMood[] = ['happy', 'content', 'content', 'neutral', 'happy', 'anxious', 'low'];
const LATE_REASONS = [
  'Previous visit overran',
  'Heavy traffic on the ring road',
  'Bus cancelled',
  'Parking near the flat',
];
const CANCEL_REASONS = ['Client admitted to hospital', 'Family visiting, visit not needed', 'Client at a day centre'];
const OBSERVATIONS = [
  'Eating and drinking well.',
  'A little breathless on the stairs; mentioned to the family.',
  'Skin intact, no redness.',
  'Slept poorly, says the knee aches.',
  null,
];

/**
 * `placeOf`: where each client lives (demo-places.ts), where the carer's phone checks in; without it, every check-in
 * is at the office.
 */
export function demoVisits(
  carerIds: readonly string[],
  clientIds: readonly string[],
  now: Date,
  placeOf: (clientId: string) => DemoPlace = () => DEMO_OFFICE,
): DemoVisit[] {
  const today = londonToday(now);
  // Every carer's round starts at the same few London times a day: each is converted once, not once per carer
  // (the conversion goes through Intl and was most of the time of building the visits).
  const instants = new Map<string, number>();
  const londonInstant = (date: string, time: string) => {
    const key = `${date}T${time}`;
    let instant = instants.get(key);
    if (instant === undefined) instants.set(key, (instant = Date.parse(londonTimeToInstant(date, time))));
    return instant;
  };
  const anchored = visitsAroundNow(carerIds, clientIds, now, placeOf);
  const ruralCoverWeek = mondayOf(addDays(today, -RURAL_COVER_DAYS_BACK));
  const visits: DemoVisit[] = [...anchored];
  const clashesWithAnchored = (carerId: string, start: Date, minutes: number) =>
    anchored.some(({ schedule }) => {
      if (schedule.carerId !== carerId) return false;
      const ownStart = Date.parse(schedule.scheduledStart);
      const ownEnd = ownStart + Number(schedule.durationMinutes) * MINUTE;
      return start.getTime() < ownEnd && ownStart < start.getTime() + minutes * MINUTE;
    });
  for (let day = -DAYS_BACK; day <= DAYS_AHEAD; day += 1) {
    const date = addDays(today, day);
    const weekend = [0, 6].includes(new Date(`${date}T12:00:00Z`).getUTCDay());
    carerIds.forEach((carerId, carerIndex) => {
      // The demo carer account's own visits today are placed around the moment of seeding (below).
      if (carerIndex === 0 && day === 0) return;
      SLOTS.forEach((slot, slotIndex) => {
        if (weekend && slotIndex === 1) return;
        const seed = (carerIndex * 31 + (day + DAYS_BACK) * 7 + slotIndex * 13) % 100;
        const offset = (carerIndex % 4) * 15;
        const start = new Date(londonInstant(date, slot.time) + offset * MINUTE);
        if (clashesWithAnchored(carerId, start, slot.minutes)) return;
        const clientId = clientIds[(carerIndex * 5 + slotIndex * 2 + ((day + DAYS_BACK) % 3)) % clientIds.length]!;
        const visitType = slot.types[(carerIndex + day + DAYS_BACK) % slot.types.length]!;
        visits.push(
          visit({
            carerId,
            clientId,
            start,
            minutes: slot.minutes,
            visitType,
            seed,
            now,
            forced: forcedToday(day, carerIndex, slotIndex),
            place: placeOf(clientId),
            longTravel: carerIndex === RURAL_COVER_CARER && mondayOf(date) === ruralCoverWeek,
          }),
        );
      });
    });
    // Two visits a day still waiting for a carer (Visit Assignments), from today on.
    if (day >= 0) {
      for (const [index, time] of ['10:00', '15:00'].entries()) {
        const start = new Date(londonTimeToInstant(date, time));
        if (start <= now) continue;
        const clientId = clientIds[(day * 7 + index * 3 + 11) % clientIds.length]!;
        visits.push(
          visit({
            carerId: null,
            clientId,
            start,
            minutes: 45,
            visitType: index === 0 ? 'transport' : 'companionship',
            seed: 50,
            now,
            place: placeOf(clientId),
          }),
        );
      }
    }
  }
  return visits;
}

/**
 * The one week a carer's pay fell below the National Living Wage: the agency pays an hourly rate that allows for the
 * short drives between its town visits (travel time itself is unpaid), and one week, five weeks back, a driver covered
 * a colleague's rural round with forty minutes on the road between visits. The payroll check raises that one payslip.
 */
const RURAL_COVER_CARER = 6;
const RURAL_COVER_DAYS_BACK = 38;

type Outcome = 'completed' | 'late' | 'cancelled' | 'no_show' | 'missed';

/** Today shows one visit in each end state whatever the hour of seeding (when its slot is already over). */
function forcedToday(day: number, carerIndex: number, slotIndex: number): Outcome | undefined {
  if (day !== 0 || slotIndex !== 0) return undefined;
  return ({ 1: 'cancelled', 2: 'no_show', 3: 'missed', 4: 'late' } as Record<number, Outcome>)[carerIndex];
}

function outcomeOf(seed: number): Outcome {
  if (seed < 3) return 'cancelled';
  if (seed < 5) return 'no_show';
  if (seed < 8) return 'missed';
  if (seed < 18) return 'late';
  return 'completed';
}

interface VisitInput {
  readonly carerId: string | null;
  readonly clientId: string;
  readonly start: Date;
  readonly minutes: number;
  readonly visitType: VisitType;
  readonly seed: number;
  readonly now: Date;
  readonly forced?: Outcome;
  /** A week on a rural round: long drives between visits. */
  readonly longTravel?: boolean;
  /** The client's home: where the phone checks in. */
  readonly place: DemoPlace;
}

function visit({
  carerId,
  clientId,
  start,
  minutes,
  visitType,
  seed,
  now,
  forced,
  longTravel,
  place,
}: VisitInput): DemoVisit {
  // The drive from the last visit, as the carer records it at check-out: a few minutes across town.
  const travel = longTravel ? 35 + (seed % 10) : 3 + (seed % 6);
  const tasks = TASKS[visitType].slice(0, 3);
  const schedule: ScheduleAppointmentRequest = {
    clientId,
    carerId,
    scheduledStart: start.toISOString(),
    durationMinutes: minutes,
    visitType,
    priority: seed % 11 === 0 ? 'high' : 'normal',
    tasks,
    notes: seed % 6 === 0 ? 'Key safe code is with the office. Please use the back door.' : null,
  };
  const outcome = forced ?? outcomeOf(seed);
  const end = new Date(start.getTime() + minutes * MINUTE);
  if (carerId === null) return { schedule, steps: [] };
  if (outcome === 'cancelled')
    return {
      schedule,
      steps: [
        {
          action: 'cancel',
          body: { reason: CANCEL_REASONS[seed % CANCEL_REASONS.length]! },
          at: new Date(Math.min(start.getTime() - DAY, now.getTime() - MINUTE)),
        },
      ],
    };
  if (end > now) return { schedule, steps: startedSteps(start, seed, now, place) };
  if (outcome === 'no_show')
    return {
      schedule,
      steps: [
        {
          action: 'no-show',
          body: { reason: 'No answer at the door; family and office informed' },
          at: new Date(Math.min(start.getTime() + 20 * MINUTE, now.getTime() - MINUTE)),
        },
      ],
    };
  if (outcome === 'missed')
    return { schedule, steps: missedFollowUp(start, minutes, tasks, visitType, seed, now, place), missed: true };
  const lateBy = outcome === 'late' ? 20 + (seed % 4) * 7 : (seed % 9) - 4;
  // A visit that ended just before `now` must not be checked in or out after it: the server refuses future times.
  const checkedIn = new Date(Math.min(start.getTime() + lateBy * MINUTE, now.getTime() - 2 * MINUTE));
  const checkedOut = new Date(
    Math.min(checkedIn.getTime() + (minutes + (seed % 5) - 2) * MINUTE, now.getTime() - MINUTE),
  );
  // One visit in ten is recorded from the paper timesheet once the visit is over (the phone's battery was flat).
  const typedAt = seed % 10 === 0 ? new Date(Math.min(checkedOut.getTime() + 25 * MINUTE, now.getTime())) : null;
  return {
    schedule,
    steps: [
      checkIn(checkedIn, seed, place, outcome === 'late' ? LATE_REASONS[seed % LATE_REASONS.length]! : null, typedAt),
      checkOut(checkedOut, tasks, visitType, seed, typedAt, travel),
    ],
  };
}

/** A visit under way now is checked in (in progress); one still ahead gets no steps. */
function startedSteps(start: Date, seed: number, now: Date, place: DemoPlace): DemoVisitStep[] {
  const checkedIn = new Date(start.getTime() + 2 * MINUTE);
  return checkedIn <= now ? [checkIn(checkedIn, seed, place, null, null)] : [];
}

const TIMESHEET_REASON = 'Phone battery flat; time from the paper timesheet';
const MISSED_TIMESHEET_REASON =
  'The phone did not record the visit; times from the paper timesheet, confirmed with the client by phone';
const MISSED_NO_SHOW_REASON = 'Client was out with family and had not told the office; the carer found nobody home';

/**
 * What the office does about a visit the rules process marked missed: it rings the carer and the client within a
 * couple of hours of the planned end. Mostly the carer was there and their phone did not record it, so the times
 * are typed in from the paper timesheet; otherwise the client was not at home and it is recorded as a no-show.
 * Today's missed visits are still being chased when the demo opens, so they have no follow-up yet.
 */
function missedFollowUp(
  start: Date,
  minutes: number,
  tasks: readonly string[],
  visitType: VisitType,
  seed: number,
  now: Date,
  place: DemoPlace,
): DemoVisitStep[] {
  if (londonToday(start) === londonToday(now)) return [];
  const followedUp = new Date(start.getTime() + (minutes + 120) * MINUTE);
  if (seed % 3 === 0) return [{ action: 'no-show', body: { reason: MISSED_NO_SHOW_REASON }, at: followedUp }];
  const checkedIn = new Date(start.getTime() + 3 * MINUTE);
  return [
    checkIn(checkedIn, seed, place, null, followedUp, MISSED_TIMESHEET_REASON),
    checkOut(
      new Date(checkedIn.getTime() + minutes * MINUTE),
      tasks,
      visitType,
      seed,
      followedUp,
      3 + (seed % 6),
      MISSED_TIMESHEET_REASON,
    ),
  ];
}

/** A check-in on the phone at `at`, or typed in by hand at `typedAt` from the paper timesheet. */
function checkIn(
  at: Date,
  seed: number,
  place: DemoPlace,
  lateReason: string | null,
  typedAt: Date | null,
  reason = TIMESHEET_REASON,
): DemoVisitStep {
  const body: CheckInRequest = typedAt
    ? {
        checkedInAt: at.toISOString(),
        source: 'Manual',
        manualInputReason: reason,
        handEnteredReason: reason,
        lateReason,
      }
    : {
        checkedInAt: at.toISOString(),
        source: 'Mobile',
        // At the client's door: the phone's fix, a few hundred metres around the town's centre.
        location: {
          ...near(place, seed),
          accuracy: 8 + (seed % 20),
          address: null,
        },
        lateReason,
      };
  return { action: 'check-in', body, at: typedAt ?? at };
}

const CLIENT_RATINGS = [5, 4, 5, 3, 4, 5, 4] as const;

function checkOut(
  at: Date,
  tasks: readonly string[],
  visitType: VisitType,
  seed: number,
  typedAt: Date | null,
  travelMinutes: number,
  reason = TIMESHEET_REASON,
): DemoVisitStep {
  const body: CheckOutRequest = {
    checkedOutAt: at.toISOString(),
    source: typedAt ? 'Manual' : 'Mobile',
    manualInputReason: typedAt ? reason : null,
    handEnteredReason: typedAt ? reason : null,
    tasksCompleted: seed % 7 === 0 ? tasks.slice(0, -1) : [...tasks],
    medicationGiven: visitType === 'medication' || tasks.includes('Prompt medication'),
    clientMood: MOODS[seed % MOODS.length]!,
    healthObservations: OBSERVATIONS[seed % OBSERVATIONS.length] ?? null,
    notes:
      seed % 7 === 0
        ? 'Ran out of time for the last task; the evening carer will pick it up.'
        : 'All well, left comfortable.',
    travelTimeMinutes: travelMinutes,
    mileage: ((seed % 40) / 10 + 0.5).toFixed(1),
    expenses: seed % 9 === 0 ? '3.50' : null,
    // About a third of clients give a rating at check-out (the dashboard's client satisfaction).
    clientRating: seed % 3 === 0 ? CLIENT_RATINGS[seed % CLIENT_RATINGS.length]! : null,
  };
  return { action: 'check-out', body, at: typedAt ?? at };
}

/**
 * Visits placed around the moment of seeding, whatever the hour: the demo carer account's day (one done
 * earlier, one starting shortly to check in to, one later) and one visit in progress for the last carer.
 */
function visitsAroundNow(
  carerIds: readonly string[],
  clientIds: readonly string[],
  now: Date,
  placeOf: (clientId: string) => DemoPlace,
): DemoVisit[] {
  const carerId = carerIds[0];
  const lastCarerId = carerIds.at(-1);
  if (carerId === undefined || lastCarerId === undefined || carerIds.length < 2) return [];
  const roundedNow = Math.ceil(now.getTime() / (5 * MINUTE)) * 5 * MINUTE;
  const at = (minutesFromNow: number) => new Date(roundedNow + minutesFromNow * MINUTE);
  // The visit already done is with a client who takes no regular medicines (the demo prescribes for every third
  // client, from the first): a dose due within an hour of its check-out, recorded by the coordinator only once it is
  // given, would otherwise hold the check-out back whenever the first start runs near a dose time.
  const doneClientId = clientIds[4] ?? clientIds[2]!;
  const done = visit({
    carerId,
    clientId: doneClientId,
    place: placeOf(doneClientId),
    start: at(-180),
    minutes: 45,
    visitType: 'personal_care',
    seed: 40,
    now,
  });
  const next = visit({
    carerId,
    clientId: clientIds[1]!,
    place: placeOf(clientIds[1]!),
    start: at(20),
    minutes: 45,
    visitType: 'medication',
    seed: 41,
    now,
  });
  const later = visit({
    carerId,
    clientId: clientIds[2]!,
    place: placeOf(clientIds[2]!),
    start: at(180),
    minutes: 30,
    visitType: 'companionship',
    seed: 42,
    now,
  });
  const underWay = visit({
    carerId: lastCarerId,
    clientId: clientIds[3]!,
    place: placeOf(clientIds[3]!),
    start: at(-15),
    minutes: 60,
    visitType: 'domestic',
    seed: 43,
    now,
  });
  return [done, next, later, underWay];
}
