export * from './report-range';
export * from './report-formulas';
export type * from './report-view-schema';
export * from './report-export';
export * from './report-schedule-events';
export * from './report-periods';
