import {
  clientIdStreamId,
  createCarerRequestSchema,
  createClientRequestSchema,
  createTrainingRequestSchema,
  employeeIdStreamId,
  IMPORT_COLUMNS,
  IMPORT_MAX_ROWS,
  normaliseHeader,
  readCsv,
  unguardCell,
  type CreateCarerCommandInput,
  type CreateClientCommandInput,
  type CreateTrainingCommandInput,
  type ImportList,
  type ImportRowReport,
} from '@care/events';
import type { z } from 'zod';

/** A row that passed the same request schema as the screen's form, ready for the same command. */
export type ImportInput =
  | { list: 'carers'; input: CreateCarerCommandInput }
  | { list: 'clients'; input: CreateClientCommandInput }
  | { list: 'training'; input: CreateTrainingCommandInput };

/** A training row's key: its carer, type and completion (a renewal is another completion, so another record). */
export interface TrainingKey {
  carerId: string;
  trainingType: string;
  completedDate: string;
}

export interface ReadRow {
  report: ImportRowReport;
  input?: ImportInput;
}

export const NO_SUCH_CARER = 'No carer has this employee ID';

/** The file as a whole cannot be read (no header, not CSV, too many rows): one message, nothing imported. */
export class ImportFileError extends Error {}

const LIST_COLUMNS = new Set(['qualifications', 'medical_conditions', 'medications', 'allergies']);
const DATE_COLUMNS = new Set(['start_date', 'date_of_birth', 'completed_date', 'expiry_date']);
const BOOLEAN_COLUMNS = new Set(['is_active']);
const YES = new Set(['yes', 'y', 'true', '1']);
const NO = new Set(['no', 'n', 'false', '0']);

const camel = (column: string) => column.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());

/** A cell as the request schema reads a form's value; undefined for an empty cell, so the form's defaults apply. */
function valueOf(column: string, raw: string): unknown {
  const cell = unguardCell(raw).trim();
  if (cell === '') return undefined;
  if (LIST_COLUMNS.has(column)) {
    // Our own export writes lists as JSON; a spreadsheet as "a; b".
    if (cell.startsWith('[')) {
      try {
        const parsed: unknown = JSON.parse(cell);
        if (Array.isArray(parsed)) return parsed.map(String);
      } catch {
        // Not JSON after all: read it as a ";" list below.
      }
    }
    return cell.split(';').map((item) => item.trim());
  }
  if (DATE_COLUMNS.has(column)) {
    const uk = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(cell);
    if (uk) return `${uk[3]}-${uk[2]!.padStart(2, '0')}-${uk[1]!.padStart(2, '0')}`;
    // An export from a system that writes timestamps: the date part.
    return /^\d{4}-\d{2}-\d{2}T/.test(cell) ? cell.slice(0, 10) : cell;
  }
  if (BOOLEAN_COLUMNS.has(column)) {
    const lower = cell.toLowerCase();
    return YES.has(lower) ? true : NO.has(lower) ? false : cell;
  }
  if (
    column === 'region' ||
    column.endsWith('_level') ||
    column === 'specialization' ||
    column === 'training_type' ||
    column === 'status'
  )
    return cell.toLowerCase();
  return cell;
}

/** The columns each list takes: the template's, and the export's hourly_rate_pence. */
function fieldOf(list: ImportList, column: string): string | undefined {
  if (list === 'carers' && column === 'hourly_rate_pence') return 'hourlyRate';
  return IMPORT_COLUMNS[list].includes(column) ? camel(column) : undefined;
}

function rowObject(list: ImportList, headers: readonly string[], cells: readonly string[]): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  headers.forEach((column, index) => {
    const field = fieldOf(list, column);
    if (field === undefined) return;
    let value = valueOf(column, cells[index] ?? '');
    if (column === 'hourly_rate_pence' && typeof value === 'string' && /^\d+$/.test(value))
      value = (Number(value) / 100).toFixed(2);
    if (value !== undefined) body[field] = value;
  });
  return body;
}

const SCHEMAS: Record<ImportList, z.ZodType> = {
  carers: createCarerRequestSchema,
  clients: createClientRequestSchema,
  training: createTrainingRequestSchema,
};
const keyField = (list: ImportList) => (list === 'clients' ? 'clientId' : 'employeeId');

/** The employee IDs a file names (training rows name their carer by it): the service looks each one up first. */
export function employeeIdsIn(csv: string): string[] {
  const read = readCsv(csv);
  if ('error' in read) return [];
  const [header, ...lines] = read.rows;
  const index = (header ?? []).map(normaliseHeader).indexOf('employee_id');
  if (index < 0) return [];
  return [...new Set(lines.map((cells) => unguardCell(cells[index] ?? '').trim()).filter((id) => id !== ''))];
}
const column = (field: string) => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/**
 * Reads an import file row by row through the same request schema as the screen's form (every bound and message the
 * same). Each row's errors name the spreadsheet row and the column; a key twice in the file is refused the second
 * time. Whether a key is already in the store is the service's question, not this one. Pure.
 */
export function readImportRows(
  list: ImportList,
  csv: string,
  carerIds: ReadonlyMap<string, string> = new Map(),
): ReadRow[] {
  const read = readCsv(csv);
  if ('error' in read) throw new ImportFileError(read.error);
  const [header, ...lines] = read.rows;
  const headers = (header ?? []).map(normaliseHeader);
  const key = keyField(list);
  if (!headers.includes(column(key)))
    throw new ImportFileError(`The header row must have the column ${column(key)} (download the template)`);
  const dataRows = lines
    .map((cells, index) => ({ cells, row: index + 2 }))
    .filter(({ cells }) => cells.some((cell) => cell.trim() !== ''));
  if (dataRows.length === 0) throw new ImportFileError('The file has no rows under its header');
  if (dataRows.length > IMPORT_MAX_ROWS) throw new ImportFileError(`At most ${IMPORT_MAX_ROWS} rows per file`);

  const seen = new Map<string, number>();
  return dataRows.map(({ cells, row }) => {
    const body = rowObject(list, headers, cells);
    const rowKey = typeof body[key] === 'string' ? (body[key] as string).trim() : null;
    const training = list === 'training';
    const carerId = training && rowKey ? carerIds.get(rowKey.toLowerCase()) : undefined;
    if (training && carerId) body.carerId = carerId;
    const name = training
      ? [body.trainingType, body.completedDate].filter((part) => typeof part === 'string').join(', ') || null
      : [body.firstName, body.lastName].filter((part) => typeof part === 'string').join(' ') || null;
    const parsed = SCHEMAS[list].safeParse(body);
    const errors = parsed.success
      ? []
      : parsed.error.issues
          // A training row's carer is its employee ID: one message for it below, not the form's "Carer is required".
          .filter((issue) => !(training && issue.path[0] === 'carerId'))
          .map((issue) => ({ field: column(String(issue.path[0] ?? key)), message: issue.message }));
    if (training && !rowKey) errors.unshift({ field: 'employee_id', message: 'Employee ID is required' });
    else if (training && !carerId) errors.unshift({ field: 'employee_id', message: NO_SUCH_CARER });
    // Two rows are the same when they would take the same reservation stream (one per employee ID, one per client
    // ID; a training record is one completion of one type by one carer, the carer named by their employee ID).
    const reservation = list === 'clients' ? clientIdStreamId : employeeIdStreamId;
    const normalisedKey = rowKey
      ? training
        ? `${reservation(rowKey)} ${String(body.trainingType)} ${String(body.completedDate)}`
        : reservation(rowKey)
      : undefined;
    if (normalisedKey && seen.has(normalisedKey)) {
      errors.push({
        field: column(key),
        message: training
          ? `The same carer, training and completed date as row ${seen.get(normalisedKey)}`
          : `The same ${column(key)} as row ${seen.get(normalisedKey)}`,
      });
    } else if (normalisedKey) seen.set(normalisedKey, row);
    const report: ImportRowReport = {
      row,
      key: rowKey,
      name,
      outcome: errors.length > 0 ? 'refuse' : 'create',
      errors,
    };
    if (errors.length > 0 || !parsed.success) return { report };
    const input: ImportInput =
      list === 'carers'
        ? { list, input: parsed.data as CreateCarerCommandInput }
        : list === 'clients'
          ? { list, input: parsed.data as CreateClientCommandInput }
          : { list, input: parsed.data as CreateTrainingCommandInput };
    return { report, input };
  });
}
