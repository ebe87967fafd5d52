import type { ColumnType } from 'kysely';

/** GET /api/clients: one row per client that has not been removed. Dates come back as text (see database.ts). */
export interface ClientsTable {
  id: string;
  client_id: string;
  first_name: string;
  last_name: string;
  date_of_birth: string;
  address: string;
  phone_number: string | null;
  emergency_contact: string;
  emergency_phone: string;
  medical_conditions: ColumnType<string[], string, string>;
  medications: ColumnType<string[], string, string>;
  allergies: ColumnType<string[], string, string>;
  care_level: 'low' | 'medium' | 'high' | 'critical';
  mobility_level: string | null;
  cognitive_level: string | null;
  keyworker_carer_id: string | null;
  preferred_carers: ColumnType<string[], string, string>;
  risk_assessment: string | null;
  care_instructions: string | null;
  gp_practice: string | null;
  gp_phone: string | null;
  postcode: string | null;
  /** The home's coordinates as recorded (double precision); null when not recorded. */
  latitude: number | null;
  longitude: number | null;
  is_active: boolean;
  /** Stream revision, for If-Match on the next edit. */
  revision: ColumnType<string, string | bigint, string | bigint>;
  created_at: ColumnType<Date, string, string>;
  updated_at: ColumnType<Date, string, string>;
}

/** The slice's read-model tables, merged into ReadModelDatabase. */
export interface ClientTables {
  clients: ClientsTable;
}
