import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/**
 * kysely's PostgreSQL dialect, whose connections can also run `COPY … FROM STDIN`: a catch-up batch writes tens of
 * thousands of rows, and PostgreSQL reads them from COPY's text format in half the time it takes to type the same
 * rows from a JSON parameter (shared/bulk-rows.ts). kysely keeps its pg client private, hence this small driver in
 * place of its own; everything else is kysely's (adapter, compiler, introspector).
 */
export class CopyingPostgresDialect implements Dialect {
  constructor(private readonly pool: pg.Pool) {}

  createDriver(): Driver {
    return new CopyingPostgresDriver(this.pool);
  }

  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }

  createAdapter() {
    return new PostgresAdapter();
  }

  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
}

/** A connection of the read model: kysely's queries, plus COPY of text-format rows into a table. */
export class CopyingConnection implements DatabaseConnection {
  constructor(readonly client: pg.PoolClient) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const { command, rowCount, rows } = await this.client.query(compiled.sql, [...compiled.parameters]);
    const counts = command === 'INSERT' || command === 'UPDATE' || command === 'DELETE' || command === 'MERGE';
    return { rows: (rows ?? []) as R[], ...(counts && { numAffectedRows: BigInt(rowCount ?? 0) }) };
  }

  /** The read model never streams a query; kysely's interface asks for the method. */
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming queries are not supported on the read model');
  }

  /** Runs `statement` (a `COPY … FROM STDIN`) with `text` as its input. */
  async copyIn(statement: string, text: string): Promise<void> {
    await pipeline(Readable.from([text]), this.client.query(copyFrom(statement)));
  }
}

class CopyingPostgresDriver implements Driver {
  private readonly connections = new WeakMap<pg.PoolClient, CopyingConnection>();
  private destroyed = false;

  constructor(private readonly pool: pg.Pool) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<CopyingConnection> {
    const client = await this.pool.connect();
    if (this.destroyed) {
      client.release();
      throw new Error('driver has already been destroyed');
    }
    let connection = this.connections.get(client);
    if (!connection) this.connections.set(client, (connection = new CopyingConnection(client)));
    return connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const isolation = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    const access = settings.accessMode ? ` ${settings.accessMode}` : '';
    await connection.executeQuery(CompiledQuery.raw(isolation || access ? `start transaction${isolation}${access}` : 'begin'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    (connection as CopyingConnection).client.release();
  }

  async destroy(): Promise<void> {
    if (this.destroyed) return;
    this.destroyed = true;
    await this.pool.end();
  }
}
