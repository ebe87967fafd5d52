import { IMPORT_COLUMNS, IMPORT_EXAMPLES, toCsvLine } from '@care/events';
import { describe, expect, it } from 'vitest';
import { ImportFileError, readImportRows } from './import-rows';

const csv = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;

describe('reading an import file', () => {
  it('given the carers template with its example row, then the row would be created with the form’s values', () => {
    const [row] = readImportRows('carers', csv(toCsvLine(IMPORT_COLUMNS.carers), toCsvLine(IMPORT_EXAMPLES.carers)));
    expect(row!.report).toEqual({ row: 2, key: 'EMP-1001', name: 'Amira Khan', outcome: 'create', errors: [] });
    expect(row!.input).toMatchObject({
      list: 'carers',
      input: {
        employeeId: 'EMP-1001',
        hourlyRate: 1250,
        qualifications: ['NVQ Level 3', 'Manual Handling'],
        isActive: true,
        region: 'north',
      },
    });
  });

  it('given a broken file, then every error is reported with its spreadsheet row and column', () => {
    const rows = readImportRows(
      'clients',
      csv(
        'Client ID,First Name,Last Name,Date of Birth,Address,Emergency Contact,Emergency Phone,Care Level',
        'CL-1,Edith,Hughes,02/11/1938,4 Mill Lane,Paul,0770,medium',
        ',Ann,,1940-01-01,1 Road,Jo,0771,extreme',
        '',
        'CL-1,Edie,Hughes,2090-01-01,4 Mill Lane,Paul,0770,low',
      ),
    );
    expect(rows.map((row) => [row.report.row, row.report.outcome])).toEqual([
      [2, 'create'],
      [3, 'refuse'],
      [5, 'refuse'],
    ]);
    expect(rows[0]!.input).toMatchObject({ input: { dateOfBirth: '1938-11-02' } });
    expect(rows[1]!.report.errors).toEqual([
      { field: 'client_id', message: 'Client ID is required' },
      { field: 'last_name', message: 'Last name is required' },
      { field: 'care_level', message: 'Care level must be low, medium, high or critical' },
    ]);
    expect(rows[2]!.report.errors).toEqual([
      { field: 'date_of_birth', message: 'Date of birth cannot be in the future' },
      { field: 'client_id', message: 'The same client_id as row 2' },
    ]);
  });

  it('given a row of our own export, then its JSON lists, pence, Yes/No and guarded phone are read back', () => {
    const [row] = readImportRows(
      'carers',
      csv(
        'id,user_id,first_name,last_name,email,region,employee_id,qualifications,phone_number,start_date,hourly_rate_pence,max_clients_per_day,is_active,created_at',
        `0190c5f0-0000-7000-8000-000000000000,,Ben,Brook,ben@example.org,south,EMP-7,"[""NVQ 2""]",'+44 7700 900123,2024-01-02,1175,6,No,2026-11-23T10:00:00.000Z`,
      ),
    );
    expect(row!.report.errors).toEqual([]);
    expect(row!.input).toMatchObject({
      input: {
        qualifications: ['NVQ 2'],
        phoneNumber: '+44 7700 900123',
        hourlyRate: 1175,
        maxClientsPerDay: 6,
        isActive: false,
      },
    });
  });

  it('refuses a file without the key column, or with no rows', () => {
    expect(() => readImportRows('carers', csv('first_name,last_name', 'A,B'))).toThrow(
      new ImportFileError('The header row must have the column employee_id (download the template)'),
    );
    expect(() => readImportRows('carers', csv('employee_id'))).toThrow('The file has no rows under its header');
  });
});
