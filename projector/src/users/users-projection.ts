import { sql, type Kysely, type Updateable } from 'kysely';
import type { RecordedEvent, UserProfile } from '@care/events';
import type { Projection } from '../projection';
import { usersSchema } from './users-schema';
import type { ReadModelDatabase, UsersTable } from '../read-model/database';

type UserRecorded = Extract<
  RecordedEvent,
  { type: `User${'Registered' | 'ProfileChanged' | 'RoleChanged' | 'Deactivated' | 'Reactivated'}` }
>;
type SignedIn = Extract<RecordedEvent, { type: 'UserSignedIn' }>;
type ChoicesSet = Extract<RecordedEvent, { type: 'UserNotificationChoicesSet' | 'UserAlertAudiencesSet' }>;

const USER_EVENTS = new Set([
  'UserRegistered',
  'UserProfileChanged',
  'UserRoleChanged',
  'UserDeactivated',
  'UserReactivated',
  'UserSignedIn',
  'UserNotificationChoicesSet',
  'UserAlertAudiencesSet',
]);

const COLUMN_OF: { [K in keyof UserProfile]-?: keyof UsersTable } = {
  firstName: 'first_name',
  lastName: 'last_name',
  region: 'region',
  profileImageUrl: 'profile_image_url',
};

function profileColumns(changes: Partial<UserProfile>): Updateable<UsersTable> {
  const row: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(changes)) {
    if (value !== undefined) row[COLUMN_OF[field as keyof UserProfile]] = value;
  }
  return row as Updateable<UsersTable>;
}

/**
 * The users list (GET /api/users, GET /api/auth/user, the header's search), each user's notification choices
 * (GET /api/account/notifications) and the alert audiences their bell follows (GET /api/account/alert-audiences;
 * both on their own stream, so they leave the account's revision alone). Sign-ins only stamp last_sign_in_at.
 * Version 4: alert_audiences.
 */
export const usersProjection: Projection = {
  name: 'users',
  version: 4,
  tables: ['users'],
  schema: usersSchema,
  handles: (type) => USER_EVENTS.has(type),
  async apply(db, events) {
    // Sign-ins are most of a busy log: only the latest per account matters, written in one statement at the end
    // (after any registration in the same batch; nothing else writes last_sign_in_at).
    const lastSignIn = new Map<string, string>();
    for (const event of events as (UserRecorded | SignedIn | ChoicesSet)[]) {
      if (event.type === 'UserSignedIn') lastSignIn.set(event.data.userId, event.metadata.occurredAt);
      else if (event.type === 'UserNotificationChoicesSet') {
        await db
          .updateTable('users')
          .set({ notification_choices: JSON.stringify(event.data.choices) })
          .where('id', '=', event.data.userId)
          .execute();
      } else if (event.type === 'UserAlertAudiencesSet') {
        await db
          .updateTable('users')
          .set({ alert_audiences: event.data.audiences })
          .where('id', '=', event.data.userId)
          .execute();
      } else await applyEvent(db, event);
    }
    const signIns = [...lastSignIn];
    for (let start = 0; start < signIns.length; start += 1000) {
      const chunk = signIns.slice(start, start + 1000);
      // The target table goes through the query builder, so it is the one in the schema being written (live or rebuild).
      const latest = sql<{
        column1: string;
        column2: string;
      }>`(values ${sql.join(chunk.map(([id, at]) => sql`(${id}::uuid, ${at}::timestamptz)`))})`;
      await db
        .updateTable('users')
        .from(latest.as('v'))
        .set((eb) => ({ last_sign_in_at: eb.ref('v.column2') }))
        .whereRef('users.id', '=', 'v.column1')
        .execute();
    }
  },
};

async function applyEvent(db: Kysely<ReadModelDatabase>, event: UserRecorded): Promise<void> {
  const stamp = { revision: event.revision, updated_at: event.metadata.occurredAt };
  const where = () => db.updateTable('users').where('id', '=', event.data.userId);
  switch (event.type) {
    case 'UserRegistered': {
      const { userId, email, role, ...profile } = event.data;
      await db
        .insertInto('users')
        .values({
          id: userId,
          email,
          role,
          first_name: profile.firstName,
          last_name: profile.lastName,
          region: profile.region,
          profile_image_url: profile.profileImageUrl,
          is_active: true,
          last_sign_in_at: null,
          revision: event.revision,
          created_at: event.metadata.occurredAt,
          updated_at: event.metadata.occurredAt,
        })
        .execute();
      return;
    }
    case 'UserProfileChanged':
      await where()
        .set({ ...profileColumns(event.data.changes), ...stamp })
        .execute();
      return;
    case 'UserRoleChanged':
      await where()
        .set({ role: event.data.role, ...stamp })
        .execute();
      return;
    case 'UserDeactivated':
      await where()
        .set({ is_active: false, ...stamp })
        .execute();
      return;
    case 'UserReactivated':
      await where()
        .set({ is_active: true, ...stamp })
        .execute();
      return;
  }
}
