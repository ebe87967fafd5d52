import { describe, expect, it } from 'vitest';
import { describeLocation, emergencyAlert } from './emergency-alert';

const facts = {
  emergencyId: '0190a5b2-7c3d-7e4f-8a1b-000000000001',
  raisedBy: 'Nia Okafor',
  carerId: '0190a5b2-7c3d-7e4f-8a1b-000000000002',
  appointmentId: null,
  client: null,
  location: null,
  note: null,
};

describe('the alert of an emergency', () => {
  it('is critical, about the emergency record, and names the carer so they read it too', () => {
    expect(emergencyAlert(facts)).toMatchObject({
      rule: 'emergency',
      subject: facts.emergencyId,
      severity: 'critical',
      title: 'Emergency raised by Nia Okafor',
      description: 'Nia Okafor raised an emergency. Location not shared.',
      relatedKind: 'emergency',
      relatedId: facts.emergencyId,
      carerId: facts.carerId,
      clientId: null,
      actionRequired: 'Call Nia Okafor now; if there is no answer, call 999 and give the location.',
    });
  });

  it("says where: the client's home and the browser's position, with the note", () => {
    const alert = emergencyAlert({
      ...facts,
      client: { id: '0190a5b2-7c3d-7e4f-8a1b-000000000003', name: 'Edith Green', address: '4 Mill Lane, Leeds' },
      location: { latitude: 53.8008, longitude: -1.5491, accuracy: 12.4, address: null },
      note: 'Client fell',
    });
    expect(alert.description).toBe(
      "Nia Okafor raised an emergency at Edith Green's (4 Mill Lane, Leeds). Location: 53.800800, -1.549100 (within 12 m). Note: Client fell",
    );
    expect(alert.clientId).toBe('0190a5b2-7c3d-7e4f-8a1b-000000000003');
  });

  it('leaves out an accuracy the browser did not give', () => {
    expect(describeLocation({ latitude: -33.5, longitude: 151.25, accuracy: null, address: null })).toBe(
      'Location: -33.500000, 151.250000.',
    );
  });
});
