import type { CarerProfile } from '@care/events';

export type CarerCommand =
  | {
      readonly type: 'RegisterCarer';
      readonly carerId: string;
      readonly userId: string | null;
      readonly profile: CarerProfile;
      readonly isActive: boolean;
    }
  | {
      readonly type: 'UpdateCarer';
      readonly carerId: string;
      /** Only the fields the request sent. */
      readonly changes: Partial<CarerProfile>;
      readonly isActive: boolean | undefined;
    }
  | { readonly type: 'RemoveCarer'; readonly carerId: string }
  /** userId null: unlink whatever account is linked. */
  | { readonly type: 'SetCarerAccount'; readonly carerId: string; readonly userId: string | null };
