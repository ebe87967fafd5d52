import type { TravelFromPreviousView, TravelMode } from '@care/events';

export const TRAVEL_MODE_LABELS: Readonly<Record<TravelMode, string>> = {
  car: 'Car',
  walking: 'Walking',
  public_transport: 'Public transport',
};

/** "12 min travel", or for a gap shorter than that, "Only 5 min between visits, about 12 min travel". */
export function travelText(travel: TravelFromPreviousView, tightGap: boolean): string {
  if (!tightGap) return `${travel.minutes} min travel`;
  const gap =
    travel.gapMinutes <= 0
      ? travel.gapMinutes < 0
        ? `Overlaps the previous visit by ${-travel.gapMinutes} min`
        : 'No time between visits'
      : `Only ${travel.gapMinutes} min between visits`;
  return `${gap}, about ${travel.minutes} min travel`;
}

/** The longer description for a tooltip: distance and where the places came from. */
export function travelDetail(travel: TravelFromPreviousView): string {
  const basis =
    travel.basis === 'recorded'
      ? 'between the recorded addresses'
      : travel.basis === 'from check-ins'
        ? 'from where carers check in'
        : 'within the same postcode';
  return `About ${travel.km} km by road, estimated ${basis}`;
}
