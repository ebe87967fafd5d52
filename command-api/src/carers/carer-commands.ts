import type { CarerProfile } from '@care/events';

export type CarerCommand =
  | {
      readonly type: 'RegisterCarer';
      readonly carerId: string;
      readonly userId: string;
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
  | { readonly type: 'RemoveCarer'; readonly carerId: string };
