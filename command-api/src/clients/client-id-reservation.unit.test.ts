import { clientIdStreamId, type ClientIdEvent } from '@care/events';
import { describe, expect, it } from 'vitest';
import { refusal } from '../shared/refusal.testing';
import { decideRelease, decideReserve, evolveReservation, initialReservationState } from '../shared/reservation';
import { clientIdReservation } from './client-id-reservation';

const clientA = '0190a5b2-7c3d-7e4f-8a1b-00000000000a';
const clientB = '0190a5b2-7c3d-7e4f-8a1b-00000000000b';
const reservedBy = (id: string): ClientIdEvent => ({ type: 'ClientIdReserved', data: { clientId: 'CL-0001', id } });
const releasedBy = (id: string): ClientIdEvent => ({ type: 'ClientIdReleased', data: { clientId: 'CL-0001', id } });
const given = (...events: ClientIdEvent[]) =>
  events.reduce((state, event) => evolveReservation(clientIdReservation, state, event), initialReservationState);

describe('client ID reservation', () => {
  it('reserves a free client ID for the client', () => {
    expect(decideReserve(clientIdReservation, given(), 'CL-0001', clientA)).toEqual([reservedBy(clientA)]);
  });

  it('refuses a client ID another client holds, with the form message under clientId', () => {
    expect(refusal(() => decideReserve(clientIdReservation, given(reservedBy(clientA)), 'CL-0001', clientB))).toEqual({
      kind: 'conflict',
      message: 'Client ID already exists',
      field: 'clientId',
    });
  });

  it('frees the client ID when its holder releases it, and only then', () => {
    expect(decideRelease(clientIdReservation, given(reservedBy(clientA)), 'CL-0001', clientB)).toEqual([]);
    expect(decideRelease(clientIdReservation, given(reservedBy(clientA)), 'CL-0001', clientA)).toEqual([
      releasedBy(clientA),
    ]);
    expect(
      decideReserve(clientIdReservation, given(reservedBy(clientA), releasedBy(clientA)), 'CL-0001', clientB),
    ).toEqual([reservedBy(clientB)]);
  });

  it('keeps one reservation stream per client ID whatever its case and surrounding spaces', () => {
    expect(clientIdStreamId(' cl-0001 ')).toBe(clientIdStreamId('CL-0001'));
    expect(clientIdStreamId('CL-0001')).not.toBe(clientIdStreamId('CL-0002'));
    expect(clientIdStreamId('CL-0001')).not.toBe(`client-${'CL-0001'}`);
  });
});
