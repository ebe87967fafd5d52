export * from './shift-events';
export * from './shift-request';
export * from './carer-shift-booking-events';
