import { afterAll, beforeAll, inject } from 'vitest';
import { createTestDatabase, describeEventStoreContract, type TestDatabase } from '../testing';
import { PostgresEventStore } from './postgres-event-store';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase(inject('databaseUrl'), 'store_contract');
});
afterAll(async () => database?.drop());

describeEventStoreContract('PostgreSQL', () => PostgresEventStore.connect(database.url));
