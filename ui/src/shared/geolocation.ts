import type { CheckInRequest } from '@care/events';

export type VisitPosition = NonNullable<CheckInRequest['location']>;

export type LocateResult =
  | { readonly ok: true; readonly location: VisitPosition }
  | { readonly ok: false; readonly problem: string };

/** A phone outdoors answers in a few seconds; indoors it may never: the carer is not kept waiting longer. */
export const LOCATE_TIMEOUT_MS = 10_000;

const PROBLEMS: Record<number, string> = {
  1: 'Location permission was denied',
  2: 'Your location is unavailable',
  3: 'Finding your location took too long',
};

/** The device's position from the browser, or why there is none (then the visit is recorded as Manual, with a reason). */
export function locate(geolocation: Geolocation | undefined = navigator.geolocation): Promise<LocateResult> {
  if (!geolocation) return Promise.resolve({ ok: false, problem: 'This browser cannot share its location' });
  return new Promise((resolve) => {
    geolocation.getCurrentPosition(
      ({ coords }) =>
        resolve({
          ok: true,
          location: {
            latitude: coords.latitude,
            longitude: coords.longitude,
            accuracy: Number.isFinite(coords.accuracy) ? coords.accuracy : null,
            address: null,
          },
        }),
      (error) => resolve({ ok: false, problem: PROBLEMS[error.code] ?? 'Your location is unavailable' }),
      { enableHighAccuracy: true, timeout: LOCATE_TIMEOUT_MS, maximumAge: 60_000 },
    );
  });
}
