/**
 * The Medicine Database's built-in list: 20 common UK medicines (the categories and types the Medicine
 * Database tab offers). `allergenClasses` lets the allergy check see "Penicillin"/"NSAID"-style allergies;
 * `controlledDrug` and `timeCritical` preset the prescription form (Misuse of Drugs Regulations 2001 schedules;
 * NHS England's time-critical medicines list). Admins add further entries (reference events).
 */
export const MEDICINE_CATEGORIES = [
  'Cardiovascular',
  'Diabetes',
  'Pain Relief',
  'Respiratory',
  'Gastric',
  'Neurological',
  'Thyroid',
  'Cholesterol',
  'Anticoagulant',
  'Diuretic',
  'Anxiolytic',
  'Steroid',
  'Antidepressant',
] as const;
export type MedicineCategory = (typeof MEDICINE_CATEGORIES)[number];
export const REFERENCE_MEDICINE_TYPES = ['Tablet', 'Capsule', 'Inhaler', 'Injection'] as const;
export type ReferenceMedicineType = (typeof REFERENCE_MEDICINE_TYPES)[number];

export interface ReferenceMedicine {
  readonly name: string;
  readonly type: ReferenceMedicineType;
  readonly strengths: readonly string[];
  readonly category: MedicineCategory;
  readonly commonDoses: readonly string[];
  readonly allergenClasses: readonly string[];
  readonly controlledDrug: boolean;
  readonly timeCritical: boolean;
}

const medicine = (
  name: string,
  type: ReferenceMedicineType,
  strengths: readonly string[],
  category: MedicineCategory,
  extra: Partial<Pick<ReferenceMedicine, 'allergenClasses' | 'controlledDrug' | 'timeCritical'>> = {},
): ReferenceMedicine => ({
  name,
  type,
  strengths,
  category,
  commonDoses: [],
  allergenClasses: [],
  controlledDrug: false,
  timeCritical: false,
  ...extra,
});

export const REFERENCE_MEDICINES: readonly ReferenceMedicine[] = [
  medicine('Paracetamol', 'Tablet', ['500mg'], 'Pain Relief'),
  medicine('Ibuprofen', 'Tablet', ['200mg', '400mg'], 'Pain Relief', {
    allergenClasses: ['NSAID', 'NSAIDs', 'anti-inflammatory', 'aspirin'],
  }),
  medicine('Codeine Phosphate', 'Tablet', ['15mg', '30mg', '60mg'], 'Pain Relief', {
    allergenClasses: ['opioid', 'opiate'],
    controlledDrug: true,
  }),
  medicine('Morphine Sulfate', 'Capsule', ['10mg', '30mg', '60mg'], 'Pain Relief', {
    allergenClasses: ['opioid', 'opiate'],
    controlledDrug: true,
  }),
  medicine('Amlodipine', 'Tablet', ['5mg', '10mg'], 'Cardiovascular'),
  medicine('Ramipril', 'Capsule', ['1.25mg', '2.5mg', '5mg', '10mg'], 'Cardiovascular', {
    allergenClasses: ['ACE inhibitor'],
  }),
  medicine('Bisoprolol', 'Tablet', ['1.25mg', '2.5mg', '5mg', '10mg'], 'Cardiovascular', {
    allergenClasses: ['beta blocker'],
  }),
  medicine('Metformin', 'Tablet', ['500mg', '850mg', '1g'], 'Diabetes'),
  medicine('Insulin Glargine', 'Injection', ['100 units/ml'], 'Diabetes', {
    allergenClasses: ['insulin'],
    timeCritical: true,
  }),
  medicine('Salbutamol', 'Inhaler', ['100mcg per dose'], 'Respiratory'),
  medicine('Omeprazole', 'Capsule', ['10mg', '20mg', '40mg'], 'Gastric', {
    allergenClasses: ['proton pump inhibitor', 'PPI'],
  }),
  medicine('Levothyroxine', 'Tablet', ['25mcg', '50mcg', '100mcg'], 'Thyroid'),
  medicine('Atorvastatin', 'Tablet', ['10mg', '20mg', '40mg', '80mg'], 'Cholesterol', { allergenClasses: ['statin'] }),
  medicine('Warfarin', 'Tablet', ['0.5mg', '1mg', '3mg', '5mg'], 'Anticoagulant', { timeCritical: true }),
  medicine('Apixaban', 'Tablet', ['2.5mg', '5mg'], 'Anticoagulant'),
  medicine('Furosemide', 'Tablet', ['20mg', '40mg'], 'Diuretic', {
    allergenClasses: ['sulfonamide', 'sulphonamide', 'sulfa'],
  }),
  medicine('Sertraline', 'Tablet', ['50mg', '100mg'], 'Antidepressant', { allergenClasses: ['SSRI'] }),
  medicine('Co-careldopa', 'Tablet', ['10mg/100mg', '25mg/100mg', '25mg/250mg'], 'Neurological', {
    allergenClasses: ['levodopa'],
    timeCritical: true,
  }),
  medicine('Prednisolone', 'Tablet', ['1mg', '5mg', '25mg'], 'Steroid', {
    allergenClasses: ['corticosteroid', 'steroid'],
  }),
  medicine('Diazepam', 'Tablet', ['2mg', '5mg', '10mg'], 'Anxiolytic', {
    allergenClasses: ['benzodiazepine'],
    controlledDrug: true,
  }),
];
