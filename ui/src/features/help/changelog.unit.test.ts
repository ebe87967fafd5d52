import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BRAND } from '../../shared/brand';
import { diagnosticText, releaseNotesOf } from './changelog';

const CHANGELOG = readFileSync(path.resolve(import.meta.dirname, '../../../../CHANGELOG.md'), 'utf8');

describe("What's new", () => {
  it("finds the running version's notes in the repository's changelog", () => {
    const notes = releaseNotesOf(CHANGELOG, BRAND.version);
    expect(notes?.version).toBe(BRAND.version);
    expect(notes?.date).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(notes?.sections.length).toBeGreaterThan(0);
    expect(notes?.sections.every((section) => section.items.length > 0)).toBe(true);
  });

  it('reads only the asked version, with its headings and bullets', () => {
    const text = [
      '# Changelog',
      '',
      '## 2.0.0 - 01/02/2027',
      '### New',
      '- Two',
      '',
      '## 1.0.0',
      '- One',
      '### Fixed',
      '- Bug',
    ].join('\n');
    expect(releaseNotesOf(text, '1.0.0')).toEqual({
      version: '1.0.0',
      date: null,
      sections: [
        { heading: 'Changes', items: ['One'] },
        { heading: 'Fixed', items: ['Bug'] },
      ],
    });
    expect(releaseNotesOf(text, '2.0.0')?.sections).toEqual([{ heading: 'New', items: ['Two'] }]);
    expect(releaseNotesOf(text, '3.0.0')).toBeUndefined();
  });
});

describe('the diagnostic block', () => {
  it('holds the version, the browser and the time', () => {
    const text = diagnosticText({
      version: '2025.1.0',
      userAgent: 'Mozilla/5.0 Chrome/140',
      language: 'en-GB',
      viewport: { width: 390, height: 844 },
      page: '/emergency',
      now: new Date('2026-11-23T14:05:00Z'),
      timeZone: 'Europe/London',
      role: 'Carer',
    });
    expect(text.split('\n')).toEqual([
      'Version: 2025.1.0',
      'Time: 2026-11-23T14:05:00.000Z (UTC; browser time zone Europe/London)',
      'Page: /emergency',
      'Role: Carer',
      'Browser: Mozilla/5.0 Chrome/140',
      'Language: en-GB',
      'Window: 390 x 844',
    ]);
  });
});
