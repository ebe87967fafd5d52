export * from './care-plan-enums';
export * from './care-plan-labels';
export * from './care-plan-events';
export * from './care-plan-template-events';
export * from './slice-events';
export * from './care-plan-request';
export * from './care-plan-quality';
export * from './care-plan-diff';
export type * from './care-plan-view';
