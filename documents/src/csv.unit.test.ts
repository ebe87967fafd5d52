import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './csv';

describe('CSV export', () => {
  it('quotes fields holding commas, quotes or line breaks (RFC 4180)', () => {
    expect(csvField('Edith Green')).toBe('Edith Green');
    expect(csvField('4 Mill Lane, Leeds')).toBe('"4 Mill Lane, Leeds"');
    expect(csvField('She said "fine"')).toBe('"She said ""fine"""');
    expect(csvField('line one\nline two')).toBe('"line one\nline two"');
  });

  it('writes a decimal as written, negative too, and guards anything else given as one', () => {
    expect(csvField({ decimal: '-12.50' })).toBe('-12.50');
    expect(csvField({ decimal: '1234.00' })).toBe('1234.00');
    expect(csvField({ decimal: '=1+1' })).toBe("'=1+1");
  });

  it('writes numbers as they are, yes/no for booleans and nothing for a missing value', () => {
    expect(csvField(45)).toBe('45');
    expect(csvField(true)).toBe('Yes');
    expect(csvField(false)).toBe('No');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
  });

  it('keeps text a spreadsheet would run as a formula as plain text', () => {
    expect(csvField('=HYPERLINK("http://evil.example","click")')).toBe(
      `"'=HYPERLINK(""http://evil.example"",""click"")"`,
    );
    expect(csvField('+44 7700 900123')).toBe("'+44 7700 900123");
    expect(csvField('-1')).toBe("'-1");
    expect(csvField('@SUM(A1:A2)')).toBe("'@SUM(A1:A2)");
    expect(csvField('\tcmd')).toBe("'\tcmd");
    expect(csvField('Client was well = happy')).toBe('Client was well = happy');
  });

  it('starts with a byte order mark and ends every row with CRLF', () => {
    expect(toCsv(['Date', 'Client'], [['2026-11-21', 'Green, Edith']])).toBe(
      '\uFEFFDate,Client\r\n2026-11-21,"Green, Edith"\r\n',
    );
  });
});
