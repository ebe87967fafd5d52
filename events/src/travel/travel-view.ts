/**
 * Where an estimate's places came from: both clients' coordinates as recorded, at least one of them learnt from the
 * check-ins at that client's visits, or no coordinates but the same postcode.
 */
export const TRAVEL_BASES = ['recorded', 'from check-ins', 'same postcode'] as const;
export type TravelBasis = (typeof TRAVEL_BASES)[number];

/** The estimated journey from the carer's previous visit that day to this one. */
export interface TravelFromPreviousView {
  minutes: number;
  km: number;
  basis: TravelBasis;
  /** Minutes from the previous visit's planned end to this visit's planned start (negative when they overlap). */
  gapMinutes: number;
}
