/** STUB (issue 5): the shifts slice's read-model tables (snake_case), merged into ReadModelDatabase. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ShiftTables {}
