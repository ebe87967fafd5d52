import { describe, expect, it } from 'vitest';
import { normaliseHeader, readCsv, unguardCell } from './csv-read';

describe('readCsv', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, CRLF and a byte order mark', () => {
    expect(readCsv('\uFEFFa,b\r\n"x, y","say ""hi"""\r\n"two\nlines",\r\n')).toEqual({
      rows: [
        ['a', 'b'],
        ['x, y', 'say "hi"'],
        ['two\nlines', ''],
      ],
    });
  });

  it('keeps an empty line as an empty row, so the row numbers are the spreadsheet’s', () => {
    expect(readCsv('a\n\nb')).toEqual({ rows: [['a'], [''], ['b']] });
  });

  it('reports a quote that is never closed', () => {
    expect(readCsv('a\n"b,c')).toEqual({ error: 'A quoted field is not closed (row 2)' });
  });
});

describe('headers and cells', () => {
  it('reads a spreadsheet’s spelling of a header as the export’s', () => {
    expect(['Employee ID', ' first-name ', 'Date of Birth'].map(normaliseHeader)).toEqual([
      'employee_id',
      'first_name',
      'date_of_birth',
    ]);
  });

  it('takes off the export’s formula guard and nothing else', () => {
    expect(unguardCell("'+44 7700 900001")).toBe('+44 7700 900001');
    expect(unguardCell("O'Brien")).toBe("O'Brien");
  });
});
