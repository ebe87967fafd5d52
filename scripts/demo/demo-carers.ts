import { NATIONAL_LIVING_WAGE, REGIONS, type CreateCarerRequest } from '@care/events';
import type { DemoTown } from './demo-places';

/**
 * About 30 demo carers across the five regions, the same every time (no randomness), sent
 * through the command API like any user's request. Phone numbers are in Ofcom's drama range.
 */
const NAMES: [string, string][] = [
  ['Amelia', 'Hughes'],
  ['Oliver', 'Patel'],
  ['Isla', 'Thompson'],
  ['Harry', 'Walker'],
  ['Ava', 'Robinson'],
  ['George', 'Khan'],
  ['Mia', 'Wright'],
  ['Noah', 'Evans'],
  ['Grace', 'Roberts'],
  ['Jack', 'Murphy'],
  ['Sophia', 'Clarke'],
  ['Leo', 'Ahmed'],
  ['Emily', 'Turner'],
  ['Arthur', 'Jones'],
  ['Freya', 'Baker'],
  ['Oscar', 'Lewis'],
  ['Lily', 'Morgan'],
  ['Charlie', 'Hall'],
  ['Evie', 'Singh'],
  ['Alfie', 'Green'],
  ['Poppy', 'Edwards'],
  ['Henry', 'Wood'],
  ['Ella', 'Scott'],
  ['Thomas', 'Adams'],
  ['Rosie', 'Mitchell'],
  ['Jacob', 'Campbell'],
  ['Daisy', 'Okafor'],
  ['William', 'Price'],
  ['Chloe', 'Kaur'],
  ['Samuel', 'Bennett'],
];
const SPECIALIZATIONS = ['general', 'dementia', 'mobility', 'medical', 'palliative', 'mental_health'] as const;
const QUALIFICATIONS = [
  'Care Certificate',
  'NVQ Level 2 Health and Social Care',
  'NVQ Level 3 Health and Social Care',
  'First Aid at Work',
  'Medication Administration',
  'Moving and Handling',
  'Dementia Awareness',
  'Safeguarding Adults Level 2',
];
/**
 * Where the carers of each of the agency's regions live: districts of Leeds and its nearest towns, among the clients
 * they visit (demo-places.ts).
 */
const TOWNS: Record<(typeof REGIONS)[number], DemoTown> = {
  north: 'Leeds LS6',
  south: 'Morley LS27',
  east: 'Leeds LS8',
  west: 'Pudsey LS28',
  central: 'Leeds LS2',
};

/**
 * The lowest demo hourly rate, in pence. The agency does not pay travel time between visits (demo-payroll.ts); it
 * pays an hourly rate that allows for it instead, as many agencies do: the highest National Living Wage in the
 * product's table (so at or above the wage in force on any day the demo pays, whenever it is started, the April rises
 * included) plus 13%, rounded up to 5p. Its town rounds have a few minutes' drive between visits, at most about 12%
 * of the time spent with clients, so the average for all working time stays above the wage; only a week of long
 * rural drives takes it under (demo-appointments.ts).
 */
export const DEMO_LOWEST_HOURLY_PENCE =
  Math.ceil((Math.max(...NATIONAL_LIVING_WAGE.map((rate) => rate.hourlyPence)) * 113) / 100 / 5) * 5;

export function demoCarers(): CreateCarerRequest[] {
  return NAMES.map(([firstName, lastName], index) => {
    const region = REGIONS[index % REGIONS.length]!;
    const qualifications = QUALIFICATIONS.filter((_, q) => (index + q) % 3 === 0);
    return {
      firstName,
      lastName,
      email: `${firstName}.${lastName}@example.org`.toLowerCase(),
      region,
      employeeId: `EMP-${1001 + index}`,
      startDate: `20${18 + (index % 7)}-${String(1 + (index % 12)).padStart(2, '0')}-${String(1 + ((index * 7) % 28)).padStart(2, '0')}`,
      specialization: SPECIALIZATIONS[index % SPECIALIZATIONS.length],
      qualifications,
      phoneNumber: `07700 900${String(100 + index * 7).slice(-3)}`,
      emergencyContact: `${NAMES[(index + 7) % NAMES.length]![0]} ${lastName}`,
      emergencyPhone: `07700 900${String(500 + index * 3).slice(-3)}`,
      address: `${10 + index} ${['High Street', 'Church Lane', 'Station Road', 'Park Avenue', 'Mill Road'][index % 5]}, ${TOWNS[region]}`,
      dateOfBirth: `19${70 + (index % 25)}-${String(1 + ((index * 5) % 12)).padStart(2, '0')}-${String(1 + ((index * 3) % 28)).padStart(2, '0')}`,
      // A spread of eight rates from the lowest up to £1.75 above it.
      hourlyRate: ((DEMO_LOWEST_HOURLY_PENCE + (index % 8) * 25) / 100).toFixed(2),
      maxClientsPerDay: 6 + (index % 4),
      notes: index % 6 === 0 ? 'Car driver; covers rural visits.' : undefined,
      isActive: index % 10 !== 9,
      // Most drive; a few walk their town round or go by bus, so the rota's travel estimates differ between carers.
      travelMode: index % 9 === 4 ? 'walking' : index % 9 === 7 ? 'public_transport' : 'car',
    };
  });
}
