/** Enumerations from spec part 1 section 3. */
export const REGIONS = ['north', 'south', 'east', 'west', 'central'] as const;
export type Region = (typeof REGIONS)[number];

export const CARER_SPECIALIZATIONS = ['general', 'dementia', 'mobility', 'medical', 'palliative', 'mental_health'] as const;
export type CarerSpecialization = (typeof CARER_SPECIALIZATIONS)[number];
