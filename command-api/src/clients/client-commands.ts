import type { ClientProfile } from '@care/events';

export type ClientCommand =
  | {
      readonly type: 'RegisterClient';
      readonly id: string;
      readonly profile: ClientProfile;
      readonly keyworkerCarerId: string | null;
      readonly preferredCarers: readonly string[];
      readonly isActive: boolean;
    }
  | {
      readonly type: 'UpdateClient';
      readonly id: string;
      /** Only the fields the request sent. */
      readonly changes: Partial<ClientProfile>;
      /** Each undefined when the request did not send it. */
      readonly isActive: boolean | undefined;
      readonly keyworkerCarerId: string | null | undefined;
      readonly preferredCarers: readonly string[] | undefined;
    }
  | { readonly type: 'AssignKeyworker'; readonly id: string; readonly keyworkerCarerId: string | null }
  | { readonly type: 'SetPreferredCarers'; readonly id: string; readonly carerIds: readonly string[] }
  | { readonly type: 'RemoveClient'; readonly id: string };
