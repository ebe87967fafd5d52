/** The family portal's one address; `?client=<id>` opens one of the person's clients. */
export const FAMILY_PATH = '/family';
/** The client last opened, so the next visit to /family opens it again. */
export const CHOSEN_CLIENT_KEY = 'familyPortalClient';
