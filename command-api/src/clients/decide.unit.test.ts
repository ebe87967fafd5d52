import type { ClientEvent, ClientProfile } from '@care/events';
import { describe, expect, it } from 'vitest';
import { refusal } from '../shared/refusal.testing';
import type { ClientCommand } from './client-commands';
import { evolve, initialClientState, type ClientState } from './client-state';
import { decide } from './decide';
import { newlyNamedCarers } from './named-carers';

const id = '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a7b';
const carerA = '0190a5b2-7c3d-7e4f-8a1b-00000000000a';
const carerB = '0190a5b2-7c3d-7e4f-8a1b-00000000000b';
const carerC = '0190a5b2-7c3d-7e4f-8a1b-00000000000c';

const profile: ClientProfile = {
  clientId: 'CL-0001',
  firstName: 'Margaret',
  lastName: 'Hughes',
  dateOfBirth: '1938-04-12',
  address: '12 Church Road, Leeds LS6',
  phoneNumber: '0113 496 0001',
  emergencyContact: 'Susan Hughes (daughter)',
  emergencyPhone: '07700 900123',
  medicalConditions: ['Type 2 diabetes', 'Hypertension'],
  medications: ['Metformin 500 mg twice daily'],
  allergies: ['Penicillin'],
  careLevel: 'medium',
  mobilityLevel: 'assisted',
  cognitiveLevel: 'mild',
  riskAssessment: 'Falls risk',
  careInstructions: 'Prompt medication',
  gpPractice: 'Headingley Surgery, 2 North Lane, Leeds LS6',
  gpPhone: '0113 496 0100',
  postcode: 'LS6 2AB',
  latitude: 53.8196,
  longitude: -1.5763,
};

const registered: ClientEvent = {
  type: 'ClientRegistered',
  data: { id, ...profile, keyworkerCarerId: carerA, preferredCarers: [carerB], isActive: true },
};
const deactivated: ClientEvent = { type: 'ClientDeactivated', data: { id } };
const removed: ClientEvent = { type: 'ClientRemoved', data: { id } };

/** Given past events, when a command, then the new events or the refusal. */
function given(...events: ClientEvent[]) {
  const state = events.reduce<ClientState>(evolve, initialClientState);
  return {
    state,
    when(command: ClientCommand) {
      return {
        then: (expected: ClientEvent[]) => expect(decide(command, state)).toEqual(expected),
        thenRefused: (kind: string, message: string) =>
          expect(refusal(() => decide(command, state))).toMatchObject({ kind, message }),
      };
    },
  };
}

const update = (
  fields: Partial<Omit<Extract<ClientCommand, { type: 'UpdateClient' }>, 'type' | 'id'>>,
): ClientCommand => ({
  type: 'UpdateClient',
  id,
  changes: {},
  isActive: undefined,
  keyworkerCarerId: undefined,
  preferredCarers: undefined,
  ...fields,
});

describe('decide: RegisterClient', () => {
  const register: ClientCommand = {
    type: 'RegisterClient',
    id,
    profile,
    keyworkerCarerId: carerA,
    preferredCarers: [carerB],
    isActive: true,
  };

  it('registers a new client with every field, keyworker and preferred carers', () => {
    given()
      .when(register)
      .then([
        {
          type: 'ClientRegistered',
          data: {
            id,
            clientId: 'CL-0001',
            firstName: 'Margaret',
            lastName: 'Hughes',
            dateOfBirth: '1938-04-12',
            address: '12 Church Road, Leeds LS6',
            phoneNumber: '0113 496 0001',
            emergencyContact: 'Susan Hughes (daughter)',
            emergencyPhone: '07700 900123',
            medicalConditions: ['Type 2 diabetes', 'Hypertension'],
            medications: ['Metformin 500 mg twice daily'],
            allergies: ['Penicillin'],
            careLevel: 'medium',
            mobilityLevel: 'assisted',
            cognitiveLevel: 'mild',
            riskAssessment: 'Falls risk',
            careInstructions: 'Prompt medication',
            gpPractice: 'Headingley Surgery, 2 North Lane, Leeds LS6',
            gpPhone: '0113 496 0100',
            postcode: 'LS6 2AB',
            latitude: 53.8196,
            longitude: -1.5763,
            keyworkerCarerId: carerA,
            preferredCarers: [carerB],
            isActive: true,
          },
        },
      ]);
  });

  it('records an inactive registration without a keyworker as such', () => {
    given()
      .when({ ...register, keyworkerCarerId: null, preferredCarers: [], isActive: false })
      .then([
        {
          type: 'ClientRegistered',
          data: { id, ...profile, keyworkerCarerId: null, preferredCarers: [], isActive: false },
        },
      ]);
  });

  it('refuses to register a client that already exists', () => {
    given(registered).when(register).thenRefused('conflict', 'Client already exists');
  });
});

describe('decide: UpdateClient', () => {
  it('records only the fields that changed', () => {
    given(registered)
      .when(
        update({
          changes: {
            firstName: 'Margaret',
            lastName: 'King',
            careLevel: 'high',
            phoneNumber: null,
            allergies: ['Penicillin'],
          },
        }),
      )
      .then([
        {
          type: 'ClientDetailsChanged',
          data: { id, changes: { lastName: 'King', careLevel: 'high', phoneNumber: null } },
        },
      ]);
  });

  it('treats a list with an entry removed as a change', () => {
    given(registered)
      .when(update({ changes: { medicalConditions: ['Hypertension'] } }))
      .then([{ type: 'ClientDetailsChanged', data: { id, changes: { medicalConditions: ['Hypertension'] } } }]);
  });

  it('records nothing when every value is the same as now', () => {
    given(registered)
      .when(update({ changes: { ...profile }, isActive: true, keyworkerCarerId: carerA, preferredCarers: [carerB] }))
      .then([]);
  });

  it('reads a registration from before the GP fields as none recorded: a blank GP field changes nothing, a filled one is recorded', () => {
    const { gpPractice: _practice, gpPhone: _phone, ...older } = profile;
    const olderRegistration: ClientEvent = {
      type: 'ClientRegistered',
      data: { id, ...older, keyworkerCarerId: null, preferredCarers: [], isActive: true },
    };
    given(olderRegistration)
      .when(update({ changes: { gpPractice: null, gpPhone: null } }))
      .then([]);
    given(olderRegistration)
      .when(update({ changes: { gpPractice: 'Headingley Surgery', gpPhone: null } }))
      .then([{ type: 'ClientDetailsChanged', data: { id, changes: { gpPractice: 'Headingley Surgery' } } }]);
  });

  it('records nothing for an empty update', () => {
    given(registered).when(update({})).then([]);
  });

  it('deactivates an active client and reactivates an inactive one', () => {
    given(registered)
      .when(update({ isActive: false }))
      .then([{ type: 'ClientDeactivated', data: { id } }]);
    given(registered, deactivated)
      .when(update({ isActive: true }))
      .then([{ type: 'ClientReactivated', data: { id } }]);
  });

  it('records nothing when the active flag is unchanged', () => {
    given(registered)
      .when(update({ isActive: true }))
      .then([]);
    given(registered, deactivated)
      .when(update({ isActive: false }))
      .then([]);
  });

  it('records a new keyworker and preferred carers sent with the form as their own events', () => {
    given(registered)
      .when(update({ keyworkerCarerId: carerC, preferredCarers: [carerB, carerA] }))
      .then([
        { type: 'ClientKeyworkerAssigned', data: { id, keyworkerCarerId: carerC } },
        { type: 'ClientPreferredCarersSet', data: { id, carerIds: [carerB, carerA] } },
      ]);
  });

  it('records details, keyworker, preferred carers, then the change of active flag, in that order', () => {
    given(registered)
      .when(
        update({
          changes: { address: '1 Mill Lane, York YO24' },
          keyworkerCarerId: null,
          preferredCarers: [],
          isActive: false,
        }),
      )
      .then([
        { type: 'ClientDetailsChanged', data: { id, changes: { address: '1 Mill Lane, York YO24' } } },
        { type: 'ClientKeyworkerAssigned', data: { id, keyworkerCarerId: null } },
        { type: 'ClientPreferredCarersSet', data: { id, carerIds: [] } },
        { type: 'ClientDeactivated', data: { id } },
      ]);
  });

  it('edits an inactive client', () => {
    given(registered, deactivated)
      .when(update({ changes: { careLevel: 'critical' } }))
      .then([{ type: 'ClientDetailsChanged', data: { id, changes: { careLevel: 'critical' } } }]);
  });

  it('refuses an unknown client', () => {
    given()
      .when(update({ changes: { firstName: 'X' } }))
      .thenRefused('not_found', 'Client not found');
  });

  it('refuses a removed client', () => {
    given(registered, removed)
      .when(update({ changes: { firstName: 'X' } }))
      .thenRefused('not_found', 'Client not found');
  });
});

describe('decide: AssignKeyworker', () => {
  const assign = (keyworkerCarerId: string | null): ClientCommand => ({
    type: 'AssignKeyworker',
    id,
    keyworkerCarerId,
  });

  it('assigns a different keyworker', () => {
    given(registered)
      .when(assign(carerC))
      .then([{ type: 'ClientKeyworkerAssigned', data: { id, keyworkerCarerId: carerC } }]);
  });

  it('clears the keyworker with null', () => {
    given(registered)
      .when(assign(null))
      .then([{ type: 'ClientKeyworkerAssigned', data: { id, keyworkerCarerId: null } }]);
  });

  it('records nothing when the carer is already the keyworker, or there is still none', () => {
    given(registered).when(assign(carerA)).then([]);
    given(registered, { type: 'ClientKeyworkerAssigned', data: { id, keyworkerCarerId: null } })
      .when(assign(null))
      .then([]);
  });

  it('refuses an unknown or removed client', () => {
    given().when(assign(carerA)).thenRefused('not_found', 'Client not found');
    given(registered, removed).when(assign(carerC)).thenRefused('not_found', 'Client not found');
  });
});

describe('decide: SetPreferredCarers', () => {
  const set = (carerIds: string[]): ClientCommand => ({ type: 'SetPreferredCarers', id, carerIds });

  it('sets the whole list', () => {
    given(registered)
      .when(set([carerA, carerC]))
      .then([{ type: 'ClientPreferredCarersSet', data: { id, carerIds: [carerA, carerC] } }]);
  });

  it('empties the list', () => {
    given(registered)
      .when(set([]))
      .then([{ type: 'ClientPreferredCarersSet', data: { id, carerIds: [] } }]);
  });

  it('treats a new order of preference as a change, and the same list as none', () => {
    const two: ClientEvent = { type: 'ClientPreferredCarersSet', data: { id, carerIds: [carerA, carerB] } };
    given(registered, two)
      .when(set([carerB, carerA]))
      .then([{ type: 'ClientPreferredCarersSet', data: { id, carerIds: [carerB, carerA] } }]);
    given(registered, two)
      .when(set([carerA, carerB]))
      .then([]);
  });

  it('refuses an unknown or removed client', () => {
    given()
      .when(set([carerA]))
      .thenRefused('not_found', 'Client not found');
    given(registered, removed)
      .when(set([carerA]))
      .thenRefused('not_found', 'Client not found');
  });
});

describe('decide: RemoveClient', () => {
  const remove: ClientCommand = { type: 'RemoveClient', id };

  it('removes a client, active or not', () => {
    given(registered)
      .when(remove)
      .then([{ type: 'ClientRemoved', data: { id } }]);
    given(registered, deactivated)
      .when(remove)
      .then([{ type: 'ClientRemoved', data: { id } }]);
  });

  it('refuses an unknown client or one already removed', () => {
    given().when(remove).thenRefused('not_found', 'Client not found');
    given(registered, removed).when(remove).thenRefused('not_found', 'Client not found');
  });
});

describe('evolve', () => {
  it('starts with no client', () => {
    expect(given().state).toEqual({ exists: false });
  });

  it('holds the registered client', () => {
    expect(given(registered).state).toEqual({
      exists: true,
      removed: false,
      isActive: true,
      profile,
      keyworkerCarerId: carerA,
      preferredCarers: [carerB],
    });
  });

  it('applies details, keyworker, preferred carers, deactivation, reactivation and removal', () => {
    const state = given(
      registered,
      { type: 'ClientDetailsChanged', data: { id, changes: { lastName: 'King', phoneNumber: null } } },
      { type: 'ClientKeyworkerAssigned', data: { id, keyworkerCarerId: carerC } },
      { type: 'ClientPreferredCarersSet', data: { id, carerIds: [] } },
      deactivated,
    ).state;
    expect(state).toEqual({
      exists: true,
      removed: false,
      isActive: false,
      profile: { ...profile, lastName: 'King', phoneNumber: null },
      keyworkerCarerId: carerC,
      preferredCarers: [],
    });
    expect(given(registered, deactivated, { type: 'ClientReactivated', data: { id } }, removed).state).toMatchObject({
      isActive: true,
      removed: true,
    });
  });
});

describe('newlyNamedCarers: which carers the service must find before appending', () => {
  const state = given(registered).state;

  it('names the keyworker and preferred carers of a registration', () => {
    expect(newlyNamedCarers(initialClientState, [registered])).toEqual({ keyworker: [carerA], preferred: [carerB] });
  });

  it('names only a new keyworker and carers added to the preferred list', () => {
    const events = decide(update({ keyworkerCarerId: carerC, preferredCarers: [carerB, carerA] }), state);
    expect(newlyNamedCarers(state, events)).toEqual({ keyworker: [carerC], preferred: [carerA] });
  });

  it('names nobody when the keyworker is cleared or the preferred list only shrinks', () => {
    const events = decide(update({ keyworkerCarerId: null, preferredCarers: [] }), state);
    expect(newlyNamedCarers(state, events)).toEqual({ keyworker: [], preferred: [] });
  });

  it('names nobody for a details change, so a client whose keyworker has left can still be edited', () => {
    const events = decide(
      update({ changes: { lastName: 'King' }, keyworkerCarerId: carerA, preferredCarers: [carerB] }),
      state,
    );
    expect(newlyNamedCarers(state, events)).toEqual({ keyworker: [], preferred: [] });
  });
});
