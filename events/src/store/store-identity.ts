/**
 * Which event store a process is using, and which one a read-model database was built from. The read models,
 * projection checkpoints and accounts live in PostgreSQL whatever the store; a checkpoint is a position in one
 * particular log, so a database built from one store must never be read or extended with another.
 */
export type StoreKind = 'postgres' | 'eventstoredb';

export interface StoreIdentity {
  readonly kind: StoreKind;
  /** A random id the store keeps inside itself, made the first time it was opened: the same log answers the same id. */
  readonly id: string;
  /** For people: where the store is (never with a password). */
  readonly label: string;
}

/** A connection string's hosts without its user name or password, for messages and the system status. */
export function connectionLabel(connectionString: string): string {
  const withoutCredentials = connectionString.replace(/^([a-z+]+:\/\/)[^@/]*@/i, '$1');
  return withoutCredentials.split('?')[0] ?? withoutCredentials;
}
