import type { Permission } from '@care/events';

/**
 * Which pushes a read-model change becomes: projection name → the resource named in the event
 * (`<resource>:changed`, the browser reloads what it shows from `/api/<resource>…`) and the permissions
 * of the sockets that receive it. A user never learns that a list they may not read has changed.
 */
export const LIVE_RESOURCES: Readonly<Record<string, { resource: string; permissions: readonly Permission[] }>> = {
  carers: { resource: 'carers', permissions: ['carers.read'] },
  users: { resource: 'users', permissions: ['users.manage'] },
  access_log: { resource: 'access-log', permissions: ['admin.panel'] },
  clients: { resource: 'clients', permissions: ['clients.read'] },
  training: { resource: 'training', permissions: ['training.read', 'training.readOwn'] },
  diary: { resource: 'diary', permissions: ['diary.read'] },
  voice_notes: { resource: 'voice-notes', permissions: ['diary.read'] },
  feedback: { resource: 'feedback', permissions: ['feedback.manage'] },
};

/** The socket.io room of every socket whose user holds the permission. */
export const permissionRoom = (permission: Permission): string => `permission:${permission}`;
