export * from './finance-enums';
export * from './finance-events';
export * from './pricing';
export * from './invoice-status';
export * from './finance-request';
export type * from './finance-view-schema';
export * from './payroll';
export * from './payroll-events';
export * from './payroll-request';
