/**
 * A curated table of well-known interactions between medicines of the reference list, each with its severity as
 * the BNF grades it, what to watch for, and its published source. It supports, not replaces, a pharmacist's review:
 * the screen says so, and a medicine outside the list is never "safe" for being absent here.
 */
export const INTERACTION_SEVERITIES = ['severe', 'moderate', 'mild'] as const;
export type InteractionSeverity = (typeof INTERACTION_SEVERITIES)[number];

export interface DrugInteraction {
  readonly medicines: readonly [string, string];
  readonly severity: InteractionSeverity;
  readonly effect: string;
  readonly watchFor: string;
  readonly source: string;
  readonly sourceUrl: string;
}

const bnf = (drug: string) => ({
  source: `BNF (NICE), interactions of ${drug}`,
  sourceUrl: `https://bnf.nice.org.uk/interactions/${drug.toLowerCase()}/`,
});
const MHRA_OPIOID_BENZO = {
  source: 'MHRA Drug Safety Update, March 2020: benzodiazepines and opioids',
  sourceUrl:
    'https://www.gov.uk/drug-safety-update/benzodiazepines-and-opioids-reminder-of-risk-of-potentially-fatal-respiratory-depression',
};

export const DRUG_INTERACTIONS: readonly DrugInteraction[] = [
  {
    medicines: ['Warfarin', 'Ibuprofen'],
    severity: 'severe',
    effect: 'Higher risk of bleeding',
    watchFor: 'Bruising, nosebleeds, blood in urine or stools, black stools',
    ...bnf('Warfarin'),
  },
  {
    medicines: ['Apixaban', 'Ibuprofen'],
    severity: 'severe',
    effect: 'Higher risk of bleeding',
    watchFor: 'Bruising, bleeding gums, blood in urine or stools',
    ...bnf('Apixaban'),
  },
  {
    medicines: ['Warfarin', 'Apixaban'],
    severity: 'severe',
    effect: 'Two anticoagulants together: high risk of bleeding (only when switching, under the prescriber)',
    watchFor: 'Any bleeding; check the prescriber meant both',
    ...bnf('Apixaban'),
  },
  {
    medicines: ['Codeine Phosphate', 'Diazepam'],
    severity: 'severe',
    effect: 'Profound sedation and potentially fatal breathing problems',
    watchFor: 'Unusual sleepiness, slow or shallow breathing, confusion',
    ...MHRA_OPIOID_BENZO,
  },
  {
    medicines: ['Morphine Sulfate', 'Diazepam'],
    severity: 'severe',
    effect: 'Profound sedation and potentially fatal breathing problems',
    watchFor: 'Unusual sleepiness, slow or shallow breathing, confusion',
    ...MHRA_OPIOID_BENZO,
  },
  {
    medicines: ['Codeine Phosphate', 'Morphine Sulfate'],
    severity: 'severe',
    effect: 'Two opioids: added sedation and breathing problems',
    watchFor: 'Drowsiness, slow breathing, constipation',
    ...bnf('Morphine'),
  },
  {
    medicines: ['Ramipril', 'Ibuprofen'],
    severity: 'moderate',
    effect: 'Less blood-pressure control and a risk to the kidneys',
    watchFor: 'Less urine, swelling of the ankles, raised blood pressure',
    ...bnf('Ramipril'),
  },
  {
    medicines: ['Furosemide', 'Ibuprofen'],
    severity: 'moderate',
    effect: 'Weaker diuretic effect and a risk to the kidneys',
    watchFor: 'Swelling, breathlessness, less urine',
    ...bnf('Furosemide'),
  },
  {
    medicines: ['Ramipril', 'Furosemide'],
    severity: 'moderate',
    effect: 'Low blood pressure, especially after the first doses',
    watchFor: 'Dizziness or fainting on standing',
    ...bnf('Ramipril'),
  },
  {
    medicines: ['Sertraline', 'Ibuprofen'],
    severity: 'moderate',
    effect: 'Higher risk of stomach bleeding',
    watchFor: 'Stomach pain, black stools, vomiting blood',
    ...bnf('Sertraline'),
  },
  {
    medicines: ['Sertraline', 'Warfarin'],
    severity: 'moderate',
    effect: 'Higher risk of bleeding',
    watchFor: 'Bruising, nosebleeds, blood in urine or stools',
    ...bnf('Sertraline'),
  },
  {
    medicines: ['Prednisolone', 'Ibuprofen'],
    severity: 'moderate',
    effect: 'Higher risk of stomach ulcers and bleeding',
    watchFor: 'Indigestion, stomach pain, black stools',
    ...bnf('Prednisolone'),
  },
  {
    medicines: ['Omeprazole', 'Warfarin'],
    severity: 'moderate',
    effect: 'May raise the INR (a stronger warfarin effect)',
    watchFor: 'Bruising or bleeding; the INR at the next check',
    ...bnf('Omeprazole'),
  },
  {
    medicines: ['Furosemide', 'Prednisolone'],
    severity: 'moderate',
    effect: 'Low potassium',
    watchFor: 'Muscle weakness, cramps, palpitations',
    ...bnf('Furosemide'),
  },
  {
    medicines: ['Metformin', 'Prednisolone'],
    severity: 'moderate',
    effect: 'Higher blood sugar: diabetes less well controlled',
    watchFor: 'Thirst, passing more urine, high glucose readings',
    ...bnf('Prednisolone'),
  },
  {
    medicines: ['Insulin Glargine', 'Prednisolone'],
    severity: 'moderate',
    effect: 'Higher blood sugar: insulin needs may rise',
    watchFor: 'High glucose readings, thirst',
    ...bnf('Prednisolone'),
  },
  {
    medicines: ['Bisoprolol', 'Salbutamol'],
    severity: 'mild',
    effect: 'Beta-blockers can oppose the reliever inhaler',
    watchFor: 'Wheeze or breathlessness not eased by the inhaler',
    ...bnf('Bisoprolol'),
  },
  {
    medicines: ['Levothyroxine', 'Omeprazole'],
    severity: 'mild',
    effect: 'Less levothyroxine absorbed',
    watchFor: 'Tiredness, feeling cold, weight gain (thyroid tests)',
    ...bnf('Levothyroxine'),
  },
];

const key = (name: string) => name.trim().toLowerCase();
/** A prescription's name as the table names it: the reference medicine whose name it starts with, else itself. */
const canonical = (name: string) => key(name).split(/\s+/)[0] as string;

/** The interactions among a set of medicine names (a client's active prescriptions, or those plus a new one). */
export function interactionsAmong(names: readonly string[]): DrugInteraction[] {
  const present = new Set(names.map(canonical));
  return DRUG_INTERACTIONS.filter(({ medicines: [a, b] }) => present.has(canonical(a)) && present.has(canonical(b)));
}

/** The interactions a new medicine would have with ones already prescribed. */
export function interactionsWith(newName: string, existing: readonly string[]): DrugInteraction[] {
  const added = canonical(newName);
  const others = new Set(existing.map(canonical));
  return DRUG_INTERACTIONS.filter(({ medicines: [a, b] }) => {
    const [ka, kb] = [canonical(a), canonical(b)];
    return (ka === added && others.has(kb)) || (kb === added && others.has(ka));
  });
}
