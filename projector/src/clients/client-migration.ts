import type { Kysely, Migration } from 'kysely';

/** Stub: the slice creates its tables here (runs inside the target schema, see read-model/migrations.ts). */
export const clientsMigration: Migration = {
  async up(_db: Kysely<unknown>) {},
};
