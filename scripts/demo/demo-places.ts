/**
 * Where the demo agency works: Leeds and the towns around it (its funders are Leeds City Council and West Yorkshire
 * ICB). Every client lives in one of these towns and every carer in one of them, none more than about 28 km from
 * another, so each carer's round stays within a short drive of home, and a phone's check-in is at the client's door.
 */
export interface DemoPlace {
  readonly latitude: number;
  readonly longitude: number;
}

/** Each town as written at the end of an address (town and postcode district), at its centre. */
export const DEMO_TOWNS = {
  'Leeds LS2': { latitude: 53.8008, longitude: -1.5491 },
  'Leeds LS6': { latitude: 53.8196, longitude: -1.5763 },
  'Leeds LS8': { latitude: 53.8265, longitude: -1.502 },
  'Leeds LS11': { latitude: 53.779, longitude: -1.56 },
  'Horsforth LS18': { latitude: 53.841, longitude: -1.638 },
  'Pudsey LS28': { latitude: 53.796, longitude: -1.663 },
  'Morley LS27': { latitude: 53.74, longitude: -1.599 },
  'Garforth LS25': { latitude: 53.793, longitude: -1.387 },
  'Otley LS21': { latitude: 53.905, longitude: -1.692 },
  'Wakefield WF1': { latitude: 53.683, longitude: -1.4977 },
  'Bradford BD9': { latitude: 53.808, longitude: -1.79 },
} as const satisfies Record<string, DemoPlace>;
export type DemoTown = keyof typeof DEMO_TOWNS;

/** The agency's office, in the centre of Leeds. */
export const DEMO_OFFICE: DemoPlace = DEMO_TOWNS['Leeds LS2'];

/** The town an address ends with (the demo writes "12 Mill Lane, Leeds LS6"). */
export function placeOfAddress(address: string): DemoPlace {
  const town = (Object.keys(DEMO_TOWNS) as DemoTown[]).find((name) => address.endsWith(`, ${name}`));
  if (!town) throw new Error(`The demo has no coordinates for the town of "${address}"`);
  return DEMO_TOWNS[town];
}

/** Great-circle distance in kilometres. */
export function distanceKm(a: DemoPlace, b: DemoPlace): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/** A point a few hundred metres from `place`, the same for the same seed: one home in the town, a phone's fix. */
export function near(place: DemoPlace, seed: number): DemoPlace {
  return {
    latitude: Number((place.latitude + ((seed % 9) - 4) * 0.0012).toFixed(6)),
    longitude: Number((place.longitude + ((seed % 7) - 3) * 0.002).toFixed(6)),
  };
}
