import type { Kysely, Migration } from 'kysely';

/** STUB (issue 5): the shifts read-model tables (runs inside the target schema, see read-model/migrations.ts). */
export const shiftsMigration: Migration = {
  async up(_db: Kysely<unknown>) {},
};
