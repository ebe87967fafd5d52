import type pg from 'pg';
import type { StoreIdentity, StoreKind } from '../store/store-identity';
import { OPS_SCHEMA, ensureOpsSchema } from './ops';
import { createSchemaSerially } from './serial-schema';

/**
 * The read-model database remembers which event store it was built from (`ops.store_binding`, one row), and every
 * service and tool checks it before it reads or writes anything: projection checkpoints are positions in one log,
 * and a service pointed at another store (EVENTSTORE_URL forgotten, or set to another cluster) would otherwise
 * append to a log the read models never see, or rebuild empty read models over the real ones. The first service to
 * start against a database without a binding claims it for its store; after that, only that store is accepted.
 * Changing stores is a rebuild into a fresh database (docs/operations.md).
 */

/** The configured store failed the check: the message names both stores and what to do. */
export class StoreMismatchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoreMismatchError';
  }
}

interface BindingRow {
  readonly kind: StoreKind;
  readonly store_id: string;
  readonly label: string;
  readonly bound_at: Date;
  readonly bound_by: string;
}

export interface StoreBinding {
  readonly kind: StoreKind;
  readonly id: string;
  readonly label: string;
  readonly boundAt: Date;
  readonly boundBy: string;
}

/** Processes start at once: the table is created under its own lock (serial-schema.ts says why). */
const BINDING_SCHEMA_LOCK = 7_242_011;

async function ensureBindingTable(pool: pg.Pool): Promise<void> {
  await ensureOpsSchema(pool);
  await createSchemaSerially(pool, BINDING_SCHEMA_LOCK, [
    `CREATE TABLE IF NOT EXISTS ${OPS_SCHEMA}.store_binding (
    one boolean PRIMARY KEY DEFAULT true CHECK (one),
    kind text NOT NULL,
    store_id text NOT NULL,
    label text NOT NULL,
    bound_at timestamptz NOT NULL DEFAULT now(),
    bound_by text NOT NULL
  )`,
  ]);
}

/** The store this database's read models were built from, or undefined when nothing has claimed it yet. */
export async function readStoreBinding(pool: pg.Pool): Promise<StoreBinding | undefined> {
  const { rows } = await pool.query<{ present: string | null }>(
    `SELECT to_regclass('${OPS_SCHEMA}.store_binding')::text AS present`,
  );
  if (!rows[0]?.present) return undefined;
  const found = await pool.query<BindingRow>(
    `SELECT kind, store_id, label, bound_at, bound_by FROM ${OPS_SCHEMA}.store_binding`,
  );
  const row = found.rows[0];
  return row && { kind: row.kind, id: row.store_id, label: row.label, boundAt: row.bound_at, boundBy: row.bound_by };
}

const builtFrom = (binding: StoreBinding) =>
  `The read models in this database were built from ${binding.label} (store ${binding.id}, since ${binding.boundAt.toISOString()})`;

const ADVICE =
  'Start it with the configuration of the store the read models came from (EVENTSTORE_URL set for EventStoreDB, ' +
  'unset for the PostgreSQL event store), or build the read models for the other store into a fresh database ' +
  '(docs/operations.md, "Changing the event store").';

/**
 * Before a process opens its store: refuses a configured kind other than the bound one, so nothing (not even an
 * empty PostgreSQL log) is created in the wrong place. `configured` names the store as configuration says it.
 */
export async function checkConfiguredKind(
  pool: pg.Pool,
  configured: { readonly kind: StoreKind; readonly label: string },
  who: string,
): Promise<StoreBinding | undefined> {
  const binding = await readStoreBinding(pool);
  if (binding && binding.kind !== configured.kind) {
    throw new StoreMismatchError(`${builtFrom(binding)}, but ${who} is configured for ${configured.label}. ${ADVICE}`);
  }
  return binding;
}

/**
 * Once the store is open: its identity must be the bound one. With `claim`, a database that is not bound yet is
 * bound to this store (the first of several processes starting at once wins, and the others are checked against it).
 */
export async function checkStoreBinding(
  pool: pg.Pool,
  identity: StoreIdentity,
  { who, claim }: { readonly who: string; readonly claim: boolean },
): Promise<StoreBinding | undefined> {
  let binding = await readStoreBinding(pool);
  if (!binding && claim) {
    await ensureBindingTable(pool);
    await pool.query(
      `INSERT INTO ${OPS_SCHEMA}.store_binding (kind, store_id, label, bound_by) VALUES ($1, $2, $3, $4)
       ON CONFLICT (one) DO NOTHING`,
      [identity.kind, identity.id, identity.label, who],
    );
    binding = await readStoreBinding(pool);
  }
  if (binding && (binding.kind !== identity.kind || binding.id !== identity.id)) {
    const other = binding.kind === identity.kind ? `a different store, ${identity.label}` : identity.label;
    throw new StoreMismatchError(
      `${builtFrom(binding)}, but ${who} is connected to ${other} (store ${identity.id}). ${ADVICE}`,
    );
  }
  return binding;
}
