/** Stub: the slice's read-model tables (snake_case), merged into ReadModelDatabase. */
export interface ClientTables {}
