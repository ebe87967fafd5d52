/* The medicines due on a visit, shown on the check-in card so the carer records them during the visit. */
export { VisitMedications } from './visit-medications';
export { prefetchVisitMedications } from './medication-api';
