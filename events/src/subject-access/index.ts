export * from './subject-access-events';
export * from './subject-access-export-schema';
