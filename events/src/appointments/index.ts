export * from './appointment-events';
export * from './carer-booking-events';
export * from './appointment-request';
export type * from './appointment-view';
export * from './date-ranges';
export * from './punctuality';
export * from './appointment-history';
