import { CARE_LEVELS, COGNITIVE_LEVELS, MOBILITY_LEVELS, type CreateClientRequest } from '@care/events';
import { DEMO_TOWNS, near, type DemoTown } from './demo-places';

/**
 * About 150 demo clients, the same every time (no randomness: everything derives from the index), sent
 * through the command API like any user's request. Mostly aged 65 to 98; phone numbers are in Ofcom's
 * drama ranges (07700 900xxx mobiles, 0113 496 0xxx landlines).
 */
export const DEMO_CLIENT_COUNT = 150;

const FIRST_NAMES = [
  'Margaret',
  'Arthur',
  'Dorothy',
  'Kenneth',
  'Joan',
  'Ronald',
  'Patricia',
  'Dennis',
  'Barbara',
  'Stanley',
  'Sheila',
  'Norman',
  'Eileen',
  'Harold',
  'Brenda',
  'Leonard',
  'Maureen',
  'Albert',
  'Jean',
  'Frederick',
  'Irene',
  'Walter',
  'Doreen',
  'Gordon',
  'Pamela',
  'Reginald',
  'Sylvia',
  'Clifford',
  'Audrey',
  'Derek',
  'Valerie',
  'Bernard',
  'Gwendolyn',
  'Raymond',
  'Hilda',
  'Malcolm',
  'Winifred',
  'Trevor',
  'Edna',
  'Gerald',
  'Mavis',
  'Cyril',
  'Rita',
  'Alan',
  'Marjorie',
  'Keith',
  'Beryl',
  'Roy',
  'Elsie',
  'Desmond',
  'Nirmala',
  'Gurdev',
  'Abdul',
  'Winston',
  'Bridget',
  'Seamus',
];
const LAST_NAMES = [
  'Smith',
  'Jones',
  'Williams',
  'Taylor',
  'Brown',
  'Davies',
  'Evans',
  'Wilson',
  'Thomas',
  'Johnson',
  'Roberts',
  'Robinson',
  'Thompson',
  'Wright',
  'Walker',
  'White',
  'Edwards',
  'Hughes',
  'Green',
  'Hall',
  'Lewis',
  'Harris',
  'Clarke',
  'Patel',
  'Jackson',
  'Wood',
  'Turner',
  'Martin',
  'Cooper',
  'Hill',
  'Ward',
  'Morris',
  'Moore',
  'Clark',
  'Lee',
  'King',
  'Baker',
  'Harrison',
  'Morgan',
  'Allen',
  'James',
  'Scott',
  'Phillips',
  'Watson',
  'Davis',
  'Parker',
  'Price',
  'Bennett',
  'Young',
  'Griffiths',
  'Mitchell',
  'Kelly',
  'Cook',
  'Carter',
  'Richardson',
  'Bailey',
  'Collins',
  'Bell',
  'Shaw',
  'Murphy',
  'Miller',
  'Cox',
  'Richards',
  'Khan',
  'Marshall',
  'Anderson',
  'Simpson',
  'Ellis',
  'Adams',
  'Singh',
  'Begum',
  'Wilkinson',
  'Foster',
  'Chapman',
  'Powell',
  'Webb',
  'Rogers',
  'Gray',
  'Mason',
  'Ali',
];
const RELATIONS = ['daughter', 'son', 'niece', 'nephew', 'granddaughter', 'grandson', 'neighbour', 'friend'];
const RELATIVE_FIRST_NAMES = [
  'Susan',
  'David',
  'Karen',
  'Paul',
  'Helen',
  'Mark',
  'Julie',
  'Andrew',
  'Claire',
  'Stephen',
  'Joanne',
  'Richard',
];
const STREETS = [
  'High Street',
  'Church Road',
  'Station Road',
  'Victoria Road',
  'Green Lane',
  'Manor Road',
  'Park Road',
  'Queens Road',
  'Grange Road',
  'Kings Road',
  'The Crescent',
  'Mill Lane',
  'Orchard Close',
  'Elm Grove',
];
/** The clients' towns: Leeds and around (demo-places.ts), so every carer's round is a short drive. */
const TOWNS: readonly DemoTown[] = [
  'Leeds LS6',
  'Leeds LS8',
  'Horsforth LS18',
  'Wakefield WF1',
  'Bradford BD9',
  'Leeds LS11',
  'Pudsey LS28',
  'Morley LS27',
  'Garforth LS25',
  'Otley LS21',
];
const CONDITIONS = [
  'Type 2 diabetes',
  'Hypertension',
  "Dementia (Alzheimer's type)",
  'Vascular dementia',
  'COPD',
  'Osteoarthritis',
  'Heart failure',
  'Atrial fibrillation',
  "Parkinson's disease",
  'Previous stroke',
  'Osteoporosis',
  'Chronic kidney disease',
  'Macular degeneration',
  'Hearing loss',
  'Depression',
  'Rheumatoid arthritis',
];
const MEDICATIONS = [
  'Metformin 500 mg twice daily',
  'Amlodipine 5 mg once daily',
  'Donepezil 10 mg at night',
  'Salbutamol inhaler as required',
  'Paracetamol 1 g four times daily',
  'Bisoprolol 2.5 mg once daily',
  'Apixaban 5 mg twice daily',
  'Co-careldopa 25/100 mg three times daily',
  'Atorvastatin 20 mg at night',
  'Alendronic acid 70 mg weekly',
  'Furosemide 40 mg each morning',
  'Sertraline 50 mg once daily',
  'Ramipril 5 mg once daily',
  'Levothyroxine 75 micrograms each morning',
  'Omeprazole 20 mg once daily',
];
const ALLERGIES = ['Penicillin', 'Latex', 'Aspirin', 'Shellfish', 'Peanuts', 'Sulfonamides', 'Codeine', 'Elastoplast'];
const RISKS = [
  'Falls risk: uses a frame indoors; keep walkways clear.',
  'Lives alone; key safe by the front door (code held by the office).',
  'Pressure areas checked at every visit; repositioning chart in the folder.',
  'Smoke alarm tested monthly; uses oxygen, no naked flames.',
  'May refuse personal care when anxious; offer again later and record it.',
];
/** Made-up practices with numbers from Ofcom's drama range, so no real surgery is ever rung. */
const GP_PRACTICES = [
  ['Meanwood Health Centre, 548 Meanwood Road, Leeds LS6', '0113 496 0500'],
  ['Headingley Surgery, 2 North Lane, Leeds LS6', '0113 496 0501'],
  ['Chapel Allerton Medical Practice, Leeds LS7', '0113 496 0502'],
  ['Roundhay Road Surgery, Leeds LS8', '0113 496 0503'],
  ['Kirkstall Lane Medical Centre, Leeds LS5', '0113 496 0504'],
] as const;
const INSTRUCTIONS = [
  'Prompt medication from the blister pack and record on the MAR chart.',
  'Prepare breakfast and a hot drink; encourage fluids through the day.',
  'Assist with washing and dressing; prefers a shower on Tuesdays and Fridays.',
  'Two carers for transfers with the hoist; check the sling before use.',
  'Check the fridge for out-of-date food and leave a snack for the evening.',
];

const pad = (value: number, length = 2) => String(value).padStart(length, '0');
const pick = <T>(list: readonly T[], n: number): T => list[((n % list.length) + list.length) % list.length]!;
/** Up to `count` distinct entries of `list`, from `start` stepping by `step` (coprime with the length: all reachable). */
const several = <T>(list: readonly T[], start: number, step: number, count: number): T[] => {
  const out: T[] = [];
  for (let k = 0; k < list.length && out.length < count; k += 1) {
    const item = pick(list, start + k * step);
    if (!out.includes(item)) out.push(item);
  }
  return out;
};

/** One or two carers after the keyworker in the list (never the keyworker), for two clients in three. */
function preferredCarers(carerIds: readonly string[], index: number): string[] {
  if (index % 3 === 0) return [];
  const count = 1 + (index % 2);
  return several(carerIds, index + 1, 1, count + 1)
    .filter((id) => id !== pick(carerIds, index))
    .slice(0, count);
}

/** The letters a postcode's last two characters may be (never C, I, K, M, O or V). */
const UNIT_LETTERS = 'ABDEFGHJLNPQRSTUWXYZ';

/**
 * Where a client lives: a made-up postcode in the town's district ("LS6 4DX") and a home a few hundred metres from
 * the town's centre, so a carer's visits in one town are a few minutes apart. One client in twelve has no
 * coordinates recorded: the rota learns theirs from the carers' check-ins.
 */
function homeOf(town: DemoTown, index: number): Pick<CreateClientRequest, 'postcode' | 'latitude' | 'longitude'> {
  const district = town.split(' ').at(-1)!;
  const postcode = `${district} ${1 + (index % 9)}${pick([...UNIT_LETTERS], index * 7)}${pick([...UNIT_LETTERS], index * 3 + 1)}`;
  if (index % 12 === 11) return { postcode };
  return { postcode, ...near(DEMO_TOWNS[town], index) };
}

export function demoClients(carerIds: readonly string[]): CreateClientRequest[] {
  return Array.from({ length: DEMO_CLIENT_COUNT }, (_, index) => {
    const firstName = pick(FIRST_NAMES, index * 5);
    const lastName = pick(LAST_NAMES, index * 11 + 3);
    // Ages 65 to 98, with a few younger adults (every 25th client) as agencies also support them.
    const age = index % 25 === 24 ? 42 + (index % 17) : 65 + ((index * 13) % 34);
    const birthYear = 2025 - age;
    const careLevel = pick(CARE_LEVELS, index % 10 < 4 ? 0 : index % 10 < 7 ? 1 : index % 10 < 9 ? 2 : 3);
    const conditionCount = index % 7 === 0 ? 0 : 1 + (index % 4);
    const relative = `${pick(RELATIVE_FIRST_NAMES, index * 5)} ${lastName} (${pick(RELATIONS, index * 3)})`;
    return {
      clientId: `CL-${pad(index + 1, 4)}`,
      firstName,
      lastName,
      dateOfBirth: `${birthYear}-${pad(1 + ((index * 5) % 12))}-${pad(1 + ((index * 11) % 28))}`,
      address: `${3 + ((index * 17) % 180)} ${pick(STREETS, index * 3)}, ${pick(TOWNS, index)}`,
      ...homeOf(pick(TOWNS, index), index),
      phoneNumber:
        index % 6 === 5
          ? undefined
          : index % 2 === 0
            ? `0113 496 0${pad((index * 7) % 1000, 3)}`
            : `07700 900${pad((index * 3) % 1000, 3)}`,
      emergencyContact: relative,
      emergencyPhone: `07700 900${pad((500 + index * 7) % 1000, 3)}`,
      medicalConditions: several(CONDITIONS, index * 5, 3, conditionCount),
      medications: several(MEDICATIONS, index * 2, 7, conditionCount === 0 ? index % 2 : conditionCount + (index % 3)),
      allergies: index % 4 === 0 ? several(ALLERGIES, index, 3, 1 + (index % 3)) : [],
      careLevel,
      mobilityLevel:
        index % 9 === 8 ? undefined : pick(MOBILITY_LEVELS, careLevel === 'critical' ? 3 - (index % 2) : index % 3),
      cognitiveLevel:
        index % 11 === 10 ? undefined : pick(COGNITIVE_LEVELS, careLevel === 'low' ? index % 2 : index % 4),
      keyworkerCarerId: carerIds.length > 0 && index % 8 !== 7 ? pick(carerIds, index) : null,
      preferredCarers: preferredCarers(carerIds, index),
      riskAssessment: careLevel === 'low' && index % 2 === 0 ? undefined : pick(RISKS, index),
      careInstructions: pick(INSTRUCTIONS, index * 3),
      // Most files name the GP; a few new ones do not yet, and the MAR chart says so.
      ...(index % 10 === 9 ? {} : { gpPractice: pick(GP_PRACTICES, index)[0], gpPhone: pick(GP_PRACTICES, index)[1] }),
      isActive: index % 15 !== 14,
    };
  });
}
