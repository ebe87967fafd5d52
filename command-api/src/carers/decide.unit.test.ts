import type { CarerEvent, CarerProfile } from '@care/events';
import { describe, expect, it } from 'vitest';
import { DomainError, type DomainErrorKind } from '../shared/domain-error';
import type { CarerCommand } from './carer-commands';
import { evolve, initialCarerState, type CarerState } from './carer-state';
import { decide } from './decide';

const carerId = '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a7b';
const userId = '0190a5b2-7c3d-7e4f-8a1b-000000000001';

const profile: CarerProfile = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.org',
  region: 'north',
  employeeId: 'EMP-1',
  startDate: '2024-03-01',
  specialization: 'dementia',
  qualifications: ['NVQ 2', 'First Aid'],
  phoneNumber: '07700 900000',
  emergencyContact: 'Byron',
  emergencyPhone: '07700 900001',
  address: '1 High Street, Leeds',
  dateOfBirth: '1990-12-10',
  hourlyRatePence: 1450,
  maxClientsPerDay: 8,
  notes: 'Drives',
  travelMode: 'car',
};

const registered: CarerEvent = { type: 'CarerRegistered', data: { carerId, userId, isActive: true, ...profile } };
const removed: CarerEvent = { type: 'CarerRemoved', data: { carerId } };
const deactivated: CarerEvent = { type: 'CarerDeactivated', data: { carerId } };

/** Given past events, when a command, then the new events or the refusal. */
function given(...events: CarerEvent[]) {
  const state = events.reduce<CarerState>(evolve, initialCarerState);
  return {
    state,
    when(command: CarerCommand) {
      return {
        then(expected: CarerEvent[]) {
          expect(decide(command, state)).toEqual(expected);
        },
        thenRefused(kind: DomainErrorKind, message: string) {
          let caught: unknown;
          try {
            decide(command, state);
          } catch (error) {
            caught = error;
          }
          expect(caught).toBeInstanceOf(DomainError);
          expect({ kind: (caught as DomainError).kind, message: (caught as DomainError).message }).toEqual({
            kind,
            message,
          });
        },
      };
    },
  };
}

const update = (changes: Partial<CarerProfile>, isActive?: boolean): CarerCommand => ({
  type: 'UpdateCarer',
  carerId,
  changes,
  isActive,
});

describe('decide: RegisterCarer', () => {
  const register: CarerCommand = { type: 'RegisterCarer', carerId, userId, profile, isActive: true };

  it('registers a new carer with every field', () => {
    given()
      .when(register)
      .then([
        {
          type: 'CarerRegistered',
          data: {
            carerId,
            userId,
            isActive: true,
            firstName: 'Ada',
            lastName: 'Lovelace',
            email: 'ada@example.org',
            region: 'north',
            employeeId: 'EMP-1',
            startDate: '2024-03-01',
            specialization: 'dementia',
            qualifications: ['NVQ 2', 'First Aid'],
            phoneNumber: '07700 900000',
            emergencyContact: 'Byron',
            emergencyPhone: '07700 900001',
            address: '1 High Street, Leeds',
            dateOfBirth: '1990-12-10',
            hourlyRatePence: 1450,
            maxClientsPerDay: 8,
            notes: 'Drives',
            travelMode: 'car',
          },
        },
      ]);
  });

  it('records an inactive registration as inactive', () => {
    given()
      .when({ ...register, isActive: false })
      .then([{ type: 'CarerRegistered', data: { carerId, userId, isActive: false, ...profile } }]);
  });

  it('refuses to register a carer that already exists', () => {
    given(registered).when(register).thenRefused('conflict', 'Carer already exists');
  });
});

describe('decide: UpdateCarer', () => {
  it('records only the fields that changed', () => {
    given(registered)
      .when(
        update({
          firstName: 'Ada',
          lastName: 'King',
          hourlyRatePence: 1600,
          qualifications: ['NVQ 2', 'First Aid'],
          notes: null,
        }),
      )
      .then([
        {
          type: 'CarerDetailsChanged',
          data: { carerId, changes: { lastName: 'King', hourlyRatePence: 1600, notes: null } },
        },
      ]);
  });

  it('treats a reordered list as a change', () => {
    given(registered)
      .when(update({ qualifications: ['First Aid', 'NVQ 2'] }))
      .then([{ type: 'CarerDetailsChanged', data: { carerId, changes: { qualifications: ['First Aid', 'NVQ 2'] } } }]);
  });

  it('records nothing when every value is the same as now', () => {
    given(registered)
      .when(update({ ...profile }, true))
      .then([]);
  });

  it('records nothing for an empty update', () => {
    given(registered).when(update({})).then([]);
  });

  it('deactivates an active carer', () => {
    given(registered)
      .when(update({}, false))
      .then([{ type: 'CarerDeactivated', data: { carerId } }]);
  });

  it('reactivates an inactive carer', () => {
    given(registered, deactivated)
      .when(update({}, true))
      .then([{ type: 'CarerReactivated', data: { carerId } }]);
  });

  it('records nothing when the active flag is unchanged', () => {
    given(registered).when(update({}, true)).then([]);
    given(registered, deactivated).when(update({}, false)).then([]);
  });

  it('records details first, then the change of active flag', () => {
    given(registered)
      .when(update({ region: 'south' }, false))
      .then([
        { type: 'CarerDetailsChanged', data: { carerId, changes: { region: 'south' } } },
        { type: 'CarerDeactivated', data: { carerId } },
      ]);
  });

  it('refuses an unknown carer', () => {
    given()
      .when(update({ firstName: 'X' }))
      .thenRefused('not_found', 'Carer not found');
  });

  it('refuses a removed carer', () => {
    given(registered, removed)
      .when(update({ firstName: 'X' }))
      .thenRefused('not_found', 'Carer not found');
  });
});

describe('decide: RemoveCarer', () => {
  const remove: CarerCommand = { type: 'RemoveCarer', carerId };

  it('removes a carer', () => {
    given(registered)
      .when(remove)
      .then([{ type: 'CarerRemoved', data: { carerId } }]);
  });

  it('removes an inactive carer', () => {
    given(registered, deactivated)
      .when(remove)
      .then([{ type: 'CarerRemoved', data: { carerId } }]);
  });

  it('refuses an unknown carer', () => {
    given().when(remove).thenRefused('not_found', 'Carer not found');
  });

  it('refuses a carer already removed', () => {
    given(registered, removed).when(remove).thenRefused('not_found', 'Carer not found');
  });
});

describe('evolve', () => {
  it('starts with no carer', () => {
    expect(given().state).toEqual({ exists: false });
  });

  it('holds the registered carer', () => {
    expect(given(registered).state).toEqual({ exists: true, removed: false, isActive: true, userId, profile });
  });

  it('applies details changes and deactivation', () => {
    const state = given(
      registered,
      {
        type: 'CarerDetailsChanged',
        data: { carerId, changes: { lastName: 'King', region: null, employeeId: 'EMP-9' } },
      },
      deactivated,
    ).state;
    expect(state).toEqual({
      exists: true,
      removed: false,
      isActive: false,
      userId,
      profile: { ...profile, lastName: 'King', region: null, employeeId: 'EMP-9' },
    });
  });

  it('applies reactivation and removal', () => {
    const state = given(registered, deactivated, { type: 'CarerReactivated', data: { carerId } }, removed).state;
    expect(state).toMatchObject({ exists: true, isActive: true, removed: true });
  });

  it('a change after an earlier change is recorded against the latest value', () => {
    const renamed: CarerEvent = { type: 'CarerDetailsChanged', data: { carerId, changes: { lastName: 'King' } } };
    given(registered, renamed)
      .when(update({ lastName: 'King' }))
      .then([]);
    given(registered, renamed)
      .when(update({ lastName: 'Lovelace' }))
      .then([{ type: 'CarerDetailsChanged', data: { carerId, changes: { lastName: 'Lovelace' } } }]);
  });
});

describe('linking the account a carer signs in with', () => {
  const other = '0190a5b2-7c3d-7e4f-8a1b-000000000002';
  const unlinkedRegistration: CarerEvent = {
    type: 'CarerRegistered',
    data: { carerId, userId: null, isActive: true, ...profile },
  };
  const link = (to: string | null): CarerCommand => ({ type: 'SetCarerAccount', carerId, userId: to });

  it('links an account to a carer without one', () => {
    given(unlinkedRegistration)
      .when(link(userId))
      .then([{ type: 'CarerAccountLinked', data: { carerId, userId } }]);
  });

  it('moves to another account: the old one is unlinked first', () => {
    given(registered)
      .when(link(other))
      .then([
        { type: 'CarerAccountUnlinked', data: { carerId, userId } },
        { type: 'CarerAccountLinked', data: { carerId, userId: other } },
      ]);
  });

  it('unlinks with null, and records nothing when the link is already as asked', () => {
    given(registered)
      .when(link(null))
      .then([{ type: 'CarerAccountUnlinked', data: { carerId, userId } }]);
    given(registered).when(link(userId)).then([]);
    given(unlinkedRegistration).when(link(null)).then([]);
  });

  it('refuses a removed or unknown carer', () => {
    given(registered, removed).when(link(other)).thenRefused('not_found', 'Carer not found');
    given().when(link(other)).thenRefused('not_found', 'Carer not found');
  });

  it('evolve follows links and unlinks', () => {
    const linked = given(unlinkedRegistration, { type: 'CarerAccountLinked', data: { carerId, userId: other } }).state;
    expect(linked.exists && linked.userId).toBe(other);
    const unlinked = given(registered, { type: 'CarerAccountUnlinked', data: { carerId, userId } }).state;
    expect(unlinked.exists && unlinked.userId).toBeNull();
  });
});
