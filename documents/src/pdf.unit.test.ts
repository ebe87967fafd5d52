import { describe, expect, it } from 'vitest';
import { pdfPageCount, pdfText } from '../testing/pdf-text';
import { renderPdf } from './pdf';

describe('renderPdf', () => {
  it('writes every kind of block as text a reader can find, names outside Latin-1 included', async () => {
    const pdf = await renderPdf({
      title: 'Incident report',
      subtitle: 'Generated 23/11/2026 16:40',
      blocks: [
        { kind: 'heading', text: 'What happened' },
        { kind: 'paragraph', text: 'Łukasz Nowak found Mrs Nguyễn on the floor at 09:10.' },
        {
          kind: 'fields',
          rows: [
            ['Severity', 'High'],
            ['Status', 'Investigating'],
          ],
        },
        {
          kind: 'table',
          columns: [{ header: 'When' }, { header: 'Who', width: 2 }],
          rows: [['23/11/2026 09:15', 'Aisha Khan']],
        },
        {
          kind: 'barChart',
          title: 'Incidents by type',
          bars: [
            { label: 'Accident', value: 4 },
            { label: 'Safeguarding', value: 0 },
          ],
        },
        {
          kind: 'lineChart',
          title: 'Visits per day',
          labels: ['01/11', '02/11', '03/11'],
          series: [{ name: 'Completed', values: [3, 5, 4] }],
          unit: '%',
        },
      ],
    });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf);
    for (const expected of [
      'Incident report',
      'What happened',
      'Łukasz Nowak',
      'Nguyễn',
      'Severity',
      'Investigating',
      'Aisha Khan',
      'Incidents by type',
      'Accident',
      'Visits per day',
      'Completed',
      'Page 1 of 1',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('carries a long table over pages, repeating its header and numbering every page', async () => {
    const rows = Array.from({ length: 120 }, (_, index) => [`Row ${index + 1}`, 'Given']);
    const pdf = await renderPdf({
      title: 'MAR chart',
      layout: 'landscape',
      blocks: [{ kind: 'table', columns: [{ header: 'Dose' }, { header: 'Outcome' }], rows }],
    });
    const pages = await pdfPageCount(pdf);
    expect(pages).toBeGreaterThan(2);
    const text = await pdfText(pdf);
    expect(text).toContain('Row 120');
    expect(text.match(/Outcome/g)?.length).toBe(pages);
    expect(text).toContain(`Page ${pages} of ${pages}`);
  });

  it('says so when a chart has nothing to draw', async () => {
    const text = await pdfText(
      await renderPdf({ title: 'Empty', blocks: [{ kind: 'barChart', title: 'By month', bars: [] }] }),
    );
    expect(text).toContain('Nothing recorded for this chart.');
  });
});
