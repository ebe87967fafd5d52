/** Enumerations from spec part 1 section 3. */
export const REGIONS = ['north', 'south', 'east', 'west', 'central'] as const;
export type Region = (typeof REGIONS)[number];

export const CARER_SPECIALIZATIONS = ['general', 'dementia', 'mobility', 'medical', 'palliative', 'mental_health'] as const;
export type CarerSpecialization = (typeof CARER_SPECIALIZATIONS)[number];

/** Account roles (issue 3); a new user is a carer unless an admin says otherwise. */
export const ROLES = ['admin', 'coordinator', 'carer'] as const;
export type Role = (typeof ROLES)[number];
export const DEFAULT_ROLE: Role = 'carer';
export const ROLE_LABELS: Record<Role, string> = { admin: 'Administrator', coordinator: 'Coordinator', carer: 'Carer' };
