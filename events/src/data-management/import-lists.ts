import { z } from 'zod';

/**
 * Import Data (admin panel, Data Management): the lists a spreadsheet from another system can bring in. Each row is
 * matched by its stable key (a carer's employee ID, a client's client ID; a training record by its carer's employee
 * ID, the training type and the completed date), so importing the same file twice creates nothing the second time.
 */
export const IMPORT_LISTS = ['carers', 'clients', 'training'] as const;
export type ImportList = (typeof IMPORT_LISTS)[number];
export const IMPORT_LIST_LABELS: Record<ImportList, string> = {
  carers: 'Carers',
  clients: 'Clients',
  training: 'Training records',
};

/** At most this many rows per file and characters per file: a large agency's staff list fits many times over. */
export const IMPORT_MAX_ROWS = 5000;
export const IMPORT_MAX_CHARACTERS = 2_000_000;

/**
 * The template's columns, in order: the export's CSV headers (so an export imports as it is), first the key. Lists
 * are separated by ";" (the export's JSON lists are read too), yes/no for true/false, dates as YYYY-MM-DD or
 * DD/MM/YYYY, the hourly rate in pounds.
 */
export const IMPORT_COLUMNS: Record<ImportList, readonly string[]> = {
  carers: [
    'employee_id',
    'first_name',
    'last_name',
    'email',
    'start_date',
    'region',
    'specialization',
    'qualifications',
    'phone_number',
    'emergency_contact',
    'emergency_phone',
    'address',
    'date_of_birth',
    'hourly_rate',
    'max_clients_per_day',
    'is_active',
    'notes',
  ],
  clients: [
    'client_id',
    'first_name',
    'last_name',
    'date_of_birth',
    'address',
    'phone_number',
    'emergency_contact',
    'emergency_phone',
    'medical_conditions',
    'medications',
    'allergies',
    'care_level',
    'mobility_level',
    'cognitive_level',
    'risk_assessment',
    'care_instructions',
    'is_active',
  ],
  // The carer by employee ID (the export's training.csv names carers by id, which a fresh store does not know).
  training: [
    'employee_id',
    'training_type',
    'completed_date',
    'expiry_date',
    'training_provider',
    'certificate_number',
    'status',
    'document_url',
    'notes',
  ],
};

/** One example row per template, so a person sees each column's form. */
export const IMPORT_EXAMPLES: Record<ImportList, readonly string[]> = {
  carers: [
    'EMP-1001',
    'Amira',
    'Khan',
    'amira.khan@example.org',
    '2024-03-01',
    'north',
    '',
    'NVQ Level 3; Manual Handling',
    '07700 900001',
    'Sam Khan',
    '07700 900002',
    '1 Park Row, Leeds',
    '1990-05-14',
    '12.50',
    '8',
    'yes',
    '',
  ],
  training: ['EMP-1001', 'first_aid', '2025-09-01', '2028-09-01', 'St John Ambulance', 'FA-12345', 'current', '', ''],
  clients: [
    'CL-2001',
    'Edith',
    'Hughes',
    '1938-11-02',
    '4 Mill Lane, Leeds LS1 4AB',
    '0113 496 0001',
    'Paul Hughes',
    '07700 900003',
    'Type 2 diabetes; Arthritis',
    'Metformin 500mg',
    'Penicillin',
    'medium',
    '',
    '',
    '',
    'Prefers tea before her medication',
    'yes',
  ],
};

/** POST /api/admin/imports: the file's text, which list it is, and whether this is the dry run. */
export const importRequestSchema = z.strictObject({
  list: z.enum(IMPORT_LISTS, { error: `List must be one of: ${IMPORT_LISTS.join(', ')}` }),
  csv: z
    .string({ error: 'The CSV file is required' })
    .min(1, 'The CSV file is empty')
    .max(IMPORT_MAX_CHARACTERS, `The file is too large (at most ${IMPORT_MAX_CHARACTERS} characters)`),
  dryRun: z.boolean({ error: 'Dry run must be true or false' }),
});
export type ImportRequest = z.input<typeof importRequestSchema>;

/** What happens (or would happen) to one row: created, skipped (its key is already there), or refused with its errors. */
export type ImportRowOutcome = 'create' | 'skip' | 'refuse';

export interface ImportRowReport {
  /** The row's line in the file as a spreadsheet numbers it (the header is row 1). */
  row: number;
  key: string | null;
  name: string | null;
  outcome: ImportRowOutcome;
  errors: { field: string; message: string }[];
}

/** The dry run's (and the import's) answer, row by row. */
export interface ImportReport {
  importId: string | null;
  list: ImportList;
  dryRun: boolean;
  /** False when any row is refused: then nothing is imported (all or nothing). */
  applied: boolean;
  counts: { rows: number; create: number; skip: number; refuse: number };
  rows: ImportRowReport[];
}

const count = z.int().min(0);
/** ImportReport for the API description and the tests that check replies against it. */
export const importReportSchema = z.strictObject({
  importId: z.uuid().nullable(),
  list: z.enum(IMPORT_LISTS),
  dryRun: z.boolean(),
  applied: z.boolean(),
  counts: z.strictObject({ rows: count, create: count, skip: count, refuse: count }),
  rows: z.array(
    z.strictObject({
      row: z.int().min(2),
      key: z.string().nullable(),
      name: z.string().nullable(),
      outcome: z.enum(['create', 'skip', 'refuse']),
      errors: z.array(z.strictObject({ field: z.string(), message: z.string() })),
    }),
  ),
  /** The import's position (read your writes: send it as X-Min-Position); absent on a dry run or a refusal. */
  position: z.string().optional(),
});
