/** The sign-in screens' schemas, fetched on the first submit (see auth-schemas.ts). */
export const loadAuthSchemas = () => import('./auth-schemas');
