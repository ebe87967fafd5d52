/** STUB (issue 5): the appointments slice's read-model tables (snake_case), merged into ReadModelDatabase. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface AppointmentTables {}
