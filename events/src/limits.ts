import { MAX_VISIT_MINUTES } from './enums';

/**
 * What the domain allows for every number, date and text the platform accepts (docs/features/api.md, "Input limits").
 * Request schemas refuse anything outside these at the edge with a 400, and the event schemas hold the same
 * bounds, so nothing the projector cannot store is ever appended: one event out of range would stall every
 * read model behind it.
 */

/** Money, in integer pence (docs/decisions/0009-money-in-pence-durations-in-minutes.md). */
export const MONEY_LIMITS = {
  /** £500.00 an hour: UK care pay is £11 to £40 an hour; ten times that still catches a slipped key. */
  hourlyRatePence: 500_00,
  /** £1,000.00 a visit: parking, fares or a prescription; more is a typing mistake, not an expense. */
  expensesPence: 1_000_00,
} as const;

/** Whole-number bounds with their units. */
export const NUMBER_LIMITS = {
  /** Visits a carer can take in one day (a visit lasts at least 5 minutes; 50 is far beyond a real rota). */
  maxClientsPerDay: { min: 1, max: 50 },
  /** A visit lasts 5 minutes to 12 hours (longer care is a live-in arrangement, not a visit). */
  visitMinutes: { min: 5, max: MAX_VISIT_MINUTES },
  /** Travel to one visit, in minutes: at most 10 hours. */
  travelTimeMinutes: { min: 0, max: 600 },
  /** Miles driven for one visit, in tenths of a mile: at most 1,000.0 miles (Land's End to John o'Groats is 840). */
  mileageTenths: { min: 0, max: 10_000 },
  /** A shift's unpaid break, in minutes: at most 4 hours. */
  breakMinutes: { min: 0, max: 240 },
  /** Feedback rating: 1 to 5 stars. */
  feedbackRating: { min: 1, max: 5 },
  /** The client's rating of a visit at check-out: 1 to 5. */
  clientRating: { min: 1, max: 5 },
  /** Location accuracy in metres: nothing on Earth is further than 20,000 km away, so a larger figure means nothing. */
  locationAccuracyMetres: { min: 0, max: 20_000_000 },
} as const;

/**
 * Calendar dates and instants. PostgreSQL's `date` refuses year 0, and an ISO text with an offset can move an
 * instant into year -1; a care record from before 1900 or after 2099 is a typing mistake.
 */
export const DATE_LIMITS = { min: '1900-01-01', max: '2099-12-31' } as const;
export const INSTANT_LIMITS = { min: '1900-01-01T00:00:00.000Z', max: '2099-12-31T23:59:59.999Z' } as const;
/**
 * What event schemas accept: the same, and one more year at the end, because the server derives ends and booked
 * days from a start the edge accepted (a visit starting late on 31/12/2099 ends and is booked on 01/01/2100).
 */
export const STORED_DATE_LIMITS = { min: DATE_LIMITS.min, max: '2100-12-31' } as const;
export const STORED_INSTANT_LIMITS = { min: INSTANT_LIMITS.min, max: '2100-12-31T23:59:59.999Z' } as const;

/** Text lengths, in characters (UTF-16 code units, as zod and the browser's maxlength count them). */
export const TEXT_LIMITS = {
  personName: 100,
  email: 254,
  reference: 50,
  phone: 50,
  contactName: 200,
  address: 500,
  listEntry: 200,
  provider: 200,
  tag: 50,
  shortReason: 500,
  title: 200,
  notes: 5000,
  visitNotes: 2000,
  shiftNotes: 1000,
  diaryContent: 10_000,
  url: 500,
  certificateNumber: 100,
  locationAddress: 300,
  shiftLocation: 200,
  /** A PNG data URL of a signature: about 200 KB of base64. */
  signature: 300_000,
  /** From request headers, kept in the access log. */
  userAgent: 500,
  ipAddress: 100,
  mediaType: 200,
  audioFormat: 20,
  voiceNoteCategory: 50,
  transcription: 10_000,
  search: 200,
  /** An alert's subject: a record id, or a record id with a date (`<carerId>/<date>`). */
  alertSubject: 120,
  /** One objective, intervention or goal of a care plan, or a risk rating's notes. */
  carePlanEntry: 1000,
  /** Who agreed a care plan and how they relate to the client ("Daughter, lasting power of attorney"). */
  relationship: 100,
} as const;

/** List sizes. */
export const LIST_LIMITS = {
  qualifications: 50,
  clientConditions: 50,
  tasks: 30,
  diaryTags: 20,
  voiceNoteTags: 20,
  preferredCarers: 20,
  /** A care plan's objectives, interventions or goals. */
  carePlanItems: 30,
  emergencyContacts: 10,
} as const;

/**
 * Constants the UI's first screens need (the sign-in form, the header's search, the emergency banner) live here,
 * away from the zod schemas that use them: importing one must not pull a schema module, and zod, into the first load.
 */
/** NCSC guidance: length over complexity rules. Capped so hashing cost stays bounded. */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 200;
/** Fewer letters match too much of the agency to be worth a round trip. */
export const SEARCH_MIN_LENGTH = 2;

/** PostgreSQL's `integer` (int4): a read-model column of that type holds at most this. */
export const INT4_MAX = 2_147_483_647;
