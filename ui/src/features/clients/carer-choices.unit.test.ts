import type { ClientView } from '@care/events';
import { describe, expect, it } from 'vitest';
import { carersToOffer, REMOVED_CARER } from './carer-choices';
import type { CarerChoice } from './get-carer-choices';

const amelia: CarerChoice = { id: 'a', label: 'Amelia Hughes (EMP-1)', isActive: true };
const oliver: CarerChoice = { id: 'o', label: 'Oliver Patel (EMP-2)', isActive: false };
const isla: CarerChoice = { id: 'i', label: 'Isla Thompson (EMP-3)', isActive: false };
const naming = (keyworkerCarerId: string | null, preferredCarers: string[]) =>
  ({ keyworkerCarerId, preferredCarers }) as ClientView;

describe('carersToOffer', () => {
  it('offers only active carers for a new client', () => {
    expect(carersToOffer([amelia, oliver], undefined)).toEqual([amelia]);
  });

  it('keeps an inactive carer the client already names, marked inactive', () => {
    expect(carersToOffer([amelia, oliver, isla], naming(null, ['o']))).toEqual([
      amelia,
      { ...oliver, label: 'Oliver Patel (EMP-2), inactive' },
    ]);
    expect(carersToOffer([amelia, oliver], naming('o', [])).map((carer) => carer.id)).toEqual(['a', 'o']);
  });

  it('keeps a carer the client names whose record has been removed, so saving never drops it unseen', () => {
    expect(carersToOffer([amelia], naming('gone', ['gone', 'a']))).toEqual([
      amelia,
      { id: 'gone', label: REMOVED_CARER, isActive: false },
    ]);
  });
});
