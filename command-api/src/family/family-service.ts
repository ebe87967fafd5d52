import { v7 as uuidv7 } from 'uuid';
import {
  clientStreamId,
  familyAccessStreamId,
  familyMemberStreamId,
  userStreamId,
  WrongExpectedRevisionError,
  type EventStore,
  type FamilyAccessEvent,
  type FamilyMemberEvent,
  type InviteFamilyMemberCommandInput,
  type UserEmailEvent,
  type UserEvent,
} from '@care/events';
import type { CommandContext } from '../shared/actor';
import type { CommandResult } from '../shared/command-reply';
import { DomainError } from '../shared/domain-error';
import { appendEvents, loadStream } from '../shared/event-stream';
import { latestPosition } from '../shared/latest-position';
import { assertRecordsExist } from '../shared/record-lookup';
import { evolveReservation, initialReservationState, Reservations } from '../shared/reservation';
import { userEmailReservation } from '../users/email-reservation';
import type { UserService } from '../users/user-service';
import type { UserState } from '../users/user-state';
import { decideAccept, decideInvite, decideWithdraw, INVITATION_INVALID } from './decide';
import {
  evolveFamilyAccess,
  evolveFamilyMember,
  initialFamilyAccessState,
  initialFamilyMemberState,
  type FamilyAccessState,
} from './family-access-state';
import type { FamilyInvitations } from './family-invitations';

export const CLIENT_NOT_FOUND = 'Client not found';

/** A family account that signs in today: an invitation for one more client needs no new password. */
function signsInAlready(account: UserState): boolean {
  return account.exists && account.role === 'family' && account.isActive && account.hasPassword;
}

export interface FamilyServiceDependencies {
  readonly store: EventStore;
  readonly users: UserService;
  readonly invitations: FamilyInvitations;
}

/**
 * Family accounts (docs/features/family-portal.md, decision 0036): invitations, their acceptance, and withdrawal.
 * The account is an ordinary user stream with the role family; each access is its own stream, listed on the
 * account's index stream. Withdrawing the last active access deactivates the account, which ends its sessions.
 */
export class FamilyService {
  private readonly emails: Reservations<UserEmailEvent>;

  constructor(private readonly deps: FamilyServiceDependencies) {
    this.emails = new Reservations(deps.store, userEmailReservation);
  }

  async invite(
    clientId: string,
    input: InviteFamilyMemberCommandInput,
    context: CommandContext,
  ): Promise<CommandResult> {
    await assertRecordsExist(this.deps.store, [
      {
        streamId: clientStreamId(clientId),
        removedType: 'ClientRemoved',
        field: 'clientId',
        message: CLIENT_NOT_FOUND,
      },
    ]).catch((error: unknown) => {
      // The client is the address, not a field: an unknown or removed one is not there at all.
      throw error instanceof DomainError ? new DomainError('not_found', CLIENT_NOT_FOUND) : error;
    });
    const holderId = await this.emailHolder(input.email);
    const account = holderId ? (await this.deps.users.load(holderId)).state : undefined;
    const userId = holderId ?? uuidv7();
    const member = await loadStream<FamilyMemberEvent, typeof initialFamilyMemberState>(
      this.deps.store,
      familyMemberStreamId(userId),
      evolveFamilyMember,
      initialFamilyMemberState,
    );
    const accessesToClient = await Promise.all(
      member.state.accesses
        .filter((access) => access.clientId === clientId)
        .map((access) => this.access(access.accessId)),
    );
    const accessId = uuidv7();
    const events = decideInvite(
      {
        type: 'InviteFamilyMember',
        accessId,
        clientId,
        userId,
        email: input.email,
        name: input.name,
        relationship: input.relationship,
        consent:
          input.consentRecordedBy || input.consentRecordedAt
            ? { recordedBy: input.consentRecordedBy ?? undefined, recordedAt: input.consentRecordedAt }
            : undefined,
        attorneyReference: input.attorneyReference ?? undefined,
        shareMedications: input.shareMedications,
      },
      {
        existingRole: account?.exists ? account.role : null,
        accessesToClient: accessesToClient.map((loaded) => loaded.state),
      },
    );
    const registered = account?.exists ? undefined : await this.registerAccount(userId, input, context);
    // The index first, with its expected revision: of two racing invitations of one person to one client, one is 409.
    await appendEvents(
      this.deps.store,
      familyMemberStreamId(userId),
      [{ type: 'FamilyAccessLinked', data: { userId, accessId, clientId } }],
      member.revision,
      context,
    );
    const appended = await appendEvents(this.deps.store, familyAccessStreamId(accessId), events, 'no_stream', context);
    await this.deps.invitations.send({
      accessId,
      userId,
      email: input.email,
      name: input.name,
      relationship: input.relationship,
      signsInAlready: account !== undefined && signsInAlready(account),
    });
    return {
      id: accessId,
      revision: appended.nextExpectedRevision,
      position: latestPosition(registered, appended.position),
    };
  }

  /** Before the form shows: whether the link still works, and whether the person has to choose a password. */
  async checkInvitation(token: string): Promise<{ choosePassword: boolean }> {
    const found = await this.deps.invitations.find(token);
    if (!found) throw new DomainError('invalid', INVITATION_INVALID, 'token');
    const { state } = await this.deps.users.load(found.userId);
    return { choosePassword: !signsInAlready(state) };
  }

  /**
   * The invited person opens their link. Someone who already signs in to the portal (invited for another client)
   * only accepts: their password and their sessions stay. Anyone else chooses a password, and nothing is spent until
   * they have given one. The link is spent first; then the access becomes active, a chosen password is stored
   * (UserPasswordSet on the account, which also tells a racing withdrawal to look again) and an account switched off
   * by an earlier withdrawal is switched on.
   */
  async accept(token: string, password: string | undefined, requestId: string): Promise<void> {
    const found = await this.deps.invitations.find(token);
    if (!found) throw new DomainError('invalid', INVITATION_INVALID, 'token');
    if (password === undefined && !signsInAlready((await this.deps.users.load(found.userId)).state))
      throw new DomainError('invalid', 'Choose a password', 'password');
    const spent = await this.deps.invitations.spend(token);
    if (!spent) throw new DomainError('invalid', INVITATION_INVALID, 'token');
    const context = { userId: spent.userId, requestId };
    const loaded = await this.access(spent.accessId);
    const events = decideAccept(loaded.state, spent.userId);
    if (events.length > 0) {
      await appendEvents(this.deps.store, familyAccessStreamId(spent.accessId), events, loaded.revision, context);
    }
    if (password !== undefined) await this.deps.users.setPassword(spent.userId, password, 'initial', context);
    const { state } = await this.deps.users.load(spent.userId);
    if (state.exists && !state.isActive) await this.deps.users.reactivate(spent.userId, context);
  }

  async withdraw(accessId: string, reason: string, context: CommandContext): Promise<CommandResult> {
    const loaded = await this.access(accessId);
    const events = decideWithdraw(loaded.state, reason);
    if (events.length === 0 || loaded.revision === 'no_stream' || !loaded.state.exists) {
      return {
        id: accessId,
        revision: loaded.revision === 'no_stream' ? -1n : loaded.revision,
        position: loaded.lastEvent?.position,
      };
    }
    const appended = await appendEvents(
      this.deps.store,
      familyAccessStreamId(accessId),
      events,
      loaded.revision,
      context,
    );
    await this.deps.invitations.revoke(accessId);
    const ended = await this.endAccountWithoutAccess(loaded.state.userId, context);
    return {
      id: accessId,
      revision: appended.nextExpectedRevision,
      position: latestPosition(ended, appended.position),
    };
  }

  /**
   * Deactivates the account (ending every session) when none of its accesses is active any more. The account's
   * revision is read before the accesses and the deactivation expects it, so an acceptance appended meanwhile
   * (which always appends to the account) makes this look again rather than lock out an active member.
   */
  private async endAccountWithoutAccess(userId: string, context: CommandContext) {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const account = await this.deps.users.load(userId);
      if (!account.state.exists || !account.state.isActive || account.revision === 'no_stream') return undefined;
      const member = await loadStream<FamilyMemberEvent, typeof initialFamilyMemberState>(
        this.deps.store,
        familyMemberStreamId(userId),
        evolveFamilyMember,
        initialFamilyMemberState,
      );
      const accesses = await Promise.all(member.state.accesses.map((access) => this.access(access.accessId)));
      if (accesses.some(({ state }) => state.exists && state.status === 'active')) return undefined;
      try {
        return (await this.deps.users.deactivate(userId, context, account.revision)).position;
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
      }
    }
    throw new DomainError('conflict', 'The account changed while its access was withdrawn. Try again.');
  }

  private access(accessId: string) {
    return loadStream<FamilyAccessEvent, FamilyAccessState>(
      this.deps.store,
      familyAccessStreamId(accessId),
      evolveFamilyAccess,
      initialFamilyAccessState,
    );
  }

  private async emailHolder(email: string): Promise<string | null> {
    const reservation = await loadStream<UserEmailEvent, { holder: string | null }>(
      this.deps.store,
      userEmailReservation.streamId(email),
      (state, event) => evolveReservation(userEmailReservation, state, event),
      initialReservationState,
    );
    return reservation.state.holder;
  }

  /**
   * A new family account: the email reserved, then the account with no password (it cannot sign in until the
   * invitation is accepted). The name is kept as the person gave it, split at its first space for the profile.
   */
  private async registerAccount(userId: string, input: InviteFamilyMemberCommandInput, context: CommandContext) {
    const reserved = await this.emails.reserve(input.email, userId, context);
    const [firstName = input.name, ...rest] = input.name.trim().split(/\s+/);
    const registered: UserEvent = {
      type: 'UserRegistered',
      data: {
        userId,
        email: input.email,
        role: 'family',
        firstName,
        lastName: rest.join(' '),
        region: null,
        profileImageUrl: null,
      },
    };
    try {
      const appended = await appendEvents(this.deps.store, userStreamId(userId), [registered], 'no_stream', context);
      return latestPosition(reserved, appended.position);
    } catch (error) {
      await this.emails.release(input.email, userId, context);
      throw error;
    }
  }
}
