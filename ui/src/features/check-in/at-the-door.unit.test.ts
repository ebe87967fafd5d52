import { describe, expect, it } from 'vitest';
import { emergencyContactsOf } from './at-the-door';

const client = { emergencyContact: 'Paul Green', emergencyPhone: '07700 900123' };

describe('Before you go in: whom to call', () => {
  it("lists the care plan's contacts, then the client record's own one", () => {
    const plan = { emergencyContacts: [{ name: 'Joan Green', phone: '0113 496 0000', relationship: 'Daughter' }] };
    expect(emergencyContactsOf(client, plan).map((contact) => contact.name)).toEqual(['Joan Green', 'Paul Green']);
  });

  it('names a number once when the plan already lists it, however it is spaced', () => {
    const plan = { emergencyContacts: [{ name: 'Paul Green', phone: '07700900123', relationship: 'Son' }] };
    expect(emergencyContactsOf(client, plan)).toEqual(plan.emergencyContacts);
  });

  it("still gives the client record's contact without a care plan, and nothing without either", () => {
    expect(emergencyContactsOf(client, null)).toEqual([
      { name: 'Paul Green', phone: '07700 900123', relationship: '' },
    ]);
    expect(emergencyContactsOf(undefined, null)).toEqual([]);
  });
});
