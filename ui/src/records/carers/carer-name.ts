import type { CarerView } from '@care/events';

/** A carer as every screen names them: first and last name. */
export function carerFullName(carer: CarerView): string {
  return `${carer.user.firstName} ${carer.user.lastName}`.trim();
}
