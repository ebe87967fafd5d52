/**
 * How long a carer takes to get from one client's home to the next, estimated without any outside service: the
 * straight-line (great-circle) distance stretched by a road factor, at a typical speed for the way the carer travels,
 * plus a fixed allowance for parking or waiting. The figures and why they were chosen are in
 * docs/decisions/0032-travel-estimated-from-distance.md.
 */

/** How a carer gets between visits; a carer with none recorded drives. */
export const TRAVEL_MODES = ['car', 'walking', 'public_transport'] as const;
export type TravelMode = (typeof TRAVEL_MODES)[number];
export const DEFAULT_TRAVEL_MODE: TravelMode = 'car';

/** Where a visit happens: the client's coordinates when known, and their postcode when recorded. */
export type Place = {
  coordinates: { latitude: number; longitude: number } | null;
  postcode: string | null;
};

export type TravelEstimate = { minutes: number; km: number };

interface ModeFigures {
  /** Roads are rarely straight: the route is about this many times the straight line. */
  readonly roadFactor: number;
  /** Typical door-to-door speed in towns, km/h. */
  readonly speedKmH: number;
  /** Minutes added to every journey: finding a parking space, waiting for a bus. */
  readonly allowanceMinutes: number;
}

export const TRAVEL_MODE_FIGURES: Readonly<Record<TravelMode, ModeFigures>> = {
  car: { roadFactor: 1.3, speedKmH: 30, allowanceMinutes: 3 },
  walking: { roadFactor: 1.2, speedKmH: 4.8, allowanceMinutes: 0 },
  public_transport: { roadFactor: 1.4, speedKmH: 15, allowanceMinutes: 5 },
};

/** Two homes with the same postcode but no coordinates are a street or two apart: this many minutes plus the allowance. */
export const SAME_POSTCODE_MINUTES = 2;

const EARTH_RADIUS_KM = 6371;

/** Great-circle distance in kilometres between two points (the haversine formula). */
export function greatCircleKm(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The estimated journey from one place to another, in whole minutes (rounded up) and kilometres along the road (to
 * one decimal place); null when neither coordinates for both places nor a shared postcode say where they are.
 */
export function estimateTravel(from: Place, to: Place, mode: TravelMode): TravelEstimate | null {
  const figures = TRAVEL_MODE_FIGURES[mode];
  if (from.coordinates && to.coordinates) {
    const km = greatCircleKm(from.coordinates, to.coordinates) * figures.roadFactor;
    // A float like 12.000000001 would otherwise round up to a whole extra minute.
    const travelMinutes = Math.ceil(Number(((km / figures.speedKmH) * 60).toFixed(6)));
    return { minutes: travelMinutes + figures.allowanceMinutes, km: Math.round(km * 10) / 10 };
  }
  if (from.postcode && to.postcode && samePostcode(from.postcode, to.postcode)) {
    return { minutes: figures.allowanceMinutes + SAME_POSTCODE_MINUTES, km: 0 };
  }
  return null;
}

function samePostcode(a: string, b: string): boolean {
  const compact = (postcode: string) => postcode.replace(/\s+/g, '').toUpperCase();
  return compact(a) === compact(b);
}
