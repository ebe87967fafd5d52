import { createDiaryEntryRequestSchema, DIARY_ENTRY_TYPES, DIARY_PRIORITIES } from '@care/events';
import { describe, expect, it } from 'vitest';
import { demoDiaryEntries } from './demo-diary';

const carerIds = Array.from({ length: 30 }, (_, index) => `0190a5b2-7c3d-7e4f-8a1b-${String(index).padStart(12, '0')}`);
const clientIds = Array.from(
  { length: 150 },
  (_, index) => `0190a5b2-7c3d-7e4f-9a1b-${String(index).padStart(12, '0')}`,
);
const now = new Date('2025-07-01T12:00:00Z');

describe('demo diary entries', () => {
  const entries = demoDiaryEntries(carerIds, clientIds, now);

  it('are about 300 valid requests over the last 60 days, none in the future', () => {
    expect(entries.length).toBe(300);
    const dayMs = 24 * 3_600_000;
    for (const entry of entries) {
      const parsed = createDiaryEntryRequestSchema.parse(entry);
      const at = Date.parse(parsed.entryDate);
      expect(at).toBeLessThan(now.getTime());
      expect(at).toBeGreaterThan(now.getTime() - 61 * dayMs);
    }
  });

  it('cover every type and priority, with tags, some confidential, across carers and clients', () => {
    expect(new Set(entries.map((entry) => entry.entryType))).toEqual(new Set(DIARY_ENTRY_TYPES));
    expect(new Set(entries.map((entry) => entry.priority))).toEqual(new Set(DIARY_PRIORITIES));
    expect(entries.every((entry) => (entry.tags ?? []).length > 0)).toBe(true);
    const confidential = entries.filter((entry) => entry.isConfidential).length;
    expect(confidential).toBeGreaterThan(5);
    expect(confidential).toBeLessThan(60);
    expect(new Set(entries.map((entry) => entry.carerId)).size).toBe(30);
    expect(new Set(entries.map((entry) => entry.clientId)).size).toBeGreaterThan(50);
  });

  it('are the same every time, and empty without carers or clients', () => {
    expect(demoDiaryEntries(carerIds, clientIds, now)).toEqual(entries);
    expect(demoDiaryEntries([], clientIds, now)).toEqual([]);
    expect(demoDiaryEntries(carerIds, [], now)).toEqual([]);
  });
});
