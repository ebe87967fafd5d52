import { allergiesMatching, prescribeRequestSchema, recordAdministrationRequestSchema } from '@care/events';
import { describe, expect, it } from 'vitest';
import { DEMO_MAR_CODES, demoMedications } from './demo-medications';

const clients = Array.from({ length: 150 }, (_, index) => ({
  id: `0190a5b2-7c3d-7e4f-8a1b-${String(index).padStart(12, '0')}`,
  allergies: index % 4 === 0 ? ['Penicillin', 'Aspirin', 'Codeine'] : [],
}));
const now = new Date('2026-11-23T13:20:00Z');

describe('demo medications', () => {
  const medications = demoMedications(clients, now);

  it('prescribe for about a third of the clients, each request valid and none the client is allergic to', () => {
    const withMedicines = new Set(medications.map((m) => m.prescribe.clientId));
    expect(withMedicines.size).toBe(50);
    for (const { prescribe } of medications) {
      expect(prescribeRequestSchema.safeParse(prescribe).success, prescribe.name).toBe(true);
      const client = clients.find((c) => c.id === prescribe.clientId)!;
      expect(allergiesMatching(prescribe.name, client.allergies)).toEqual([]);
    }
  });

  it('record four weeks of outcomes, all in the past, leaving the last quarter of an hour open, with some refusals', () => {
    const records = medications.flatMap((m) => m.records);
    expect(records.length).toBeGreaterThan(2000);
    for (const record of records) {
      expect(recordAdministrationRequestSchema.safeParse(record).success).toBe(true);
      expect(Date.parse(String(record.administeredAt))).toBeLessThan(now.getTime());
      if (record.dueAt) expect(Date.parse(String(record.dueAt))).toBeLessThan(now.getTime() - 15 * 60_000);
    }
    expect(records.filter((r) => r.code === 'R').length).toBeGreaterThan(20);
    // The agency's own code is used too, always with its reason, once an administrator has added it.
    const held = records.filter((r) => r.code === 'H');
    expect(held.length).toBeGreaterThan(10);
    expect(held.every((r) => typeof r.reason === 'string' && r.reason.length > 0)).toBe(true);
    expect(DEMO_MAR_CODES.map((code) => code.code)).toEqual(['H']);
    const earliest = Math.min(...records.map((r) => Date.parse(String(r.dueAt ?? r.administeredAt))));
    expect(now.getTime() - earliest).toBeGreaterThan(27 * 86_400_000);
  });
});
