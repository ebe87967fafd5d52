import { createClientRequestSchema } from '@care/events';
import { describe, expect, it } from 'vitest';
import { demoClients } from './demo-clients';

const carerIds = Array.from({ length: 30 }, (_, i) => `0190a5b2-7c3d-7e4f-8a1b-${String(i).padStart(12, '0')}`);

describe('demoClients', () => {
  const clients = demoClients(carerIds);
  const parsed = clients.map((client) => createClientRequestSchema.parse(client));

  it('makes about 150 clients that the command API accepts, numbered CL-0001 onwards with unique IDs', () => {
    expect(clients).toHaveLength(150);
    expect(parsed[0]!.clientId).toBe('CL-0001');
    expect(parsed[149]!.clientId).toBe('CL-0150');
    expect(new Set(parsed.map((client) => client.clientId.toLowerCase())).size).toBe(150);
    expect(new Set(parsed.map((client) => `${client.firstName} ${client.lastName}`)).size).toBeGreaterThan(140);
  });

  it('names a GP practice and its phone for most clients and leaves a few without, for the MAR chart', () => {
    const withGp = parsed.filter((client) => client.gpPractice && client.gpPhone).length;
    expect(withGp).toBe(135);
    expect(parsed.filter((client) => client.gpPractice === undefined && client.gpPhone === undefined)).toHaveLength(15);
  });

  it('is the same every time', () => {
    expect(demoClients(carerIds)).toEqual(clients);
  });

  it('gives mostly realistic ages of 65 to 98 for home care', () => {
    const ages = parsed.map((client) => 2025 - Number(client.dateOfBirth.slice(0, 4)));
    const older = ages.filter((age) => age >= 65 && age <= 98);
    expect(older.length / ages.length).toBeGreaterThan(0.9);
    expect(Math.min(...ages)).toBeGreaterThanOrEqual(18);
  });

  it('mixes every care level, with several conditions, medications and allergies for some, and a few inactive', () => {
    const levels = new Set(parsed.map((client) => client.careLevel));
    expect([...levels].sort()).toEqual(['critical', 'high', 'low', 'medium']);
    expect(parsed.filter((client) => client.medicalConditions.length > 2).length).toBeGreaterThan(10);
    expect(parsed.filter((client) => client.medications.length > 2).length).toBeGreaterThan(10);
    expect(parsed.filter((client) => client.allergies.length > 1).length).toBeGreaterThan(5);
    const inactive = parsed.filter((client) => !client.isActive).length;
    expect(inactive).toBeGreaterThan(0);
    expect(inactive).toBeLessThan(20);
  });

  it('draws keyworkers and preferred carers from the given carers, never the keyworker twice', () => {
    const named = new Set(carerIds);
    const withKeyworker = parsed.filter((client) => client.keyworkerCarerId);
    expect(withKeyworker.length).toBeGreaterThan(100);
    expect(withKeyworker.every((client) => named.has(client.keyworkerCarerId!))).toBe(true);
    expect(new Set(withKeyworker.map((client) => client.keyworkerCarerId)).size).toBe(30);
    for (const client of parsed) {
      expect(client.preferredCarers.every((id) => named.has(id) && id !== client.keyworkerCarerId)).toBe(true);
    }
    expect(parsed.filter((client) => client.preferredCarers.length > 0).length).toBeGreaterThan(50);
  });

  it('makes clients without keyworkers when there are no carers', () => {
    const alone = demoClients([]).map((client) => createClientRequestSchema.parse(client));
    expect(alone.every((client) => client.keyworkerCarerId === null && client.preferredCarers.length === 0)).toBe(true);
  });
});
