import { BUILT_IN_MAR_KEY, evolveMarKey, type MarKeyEvent } from '@care/events';
import { describe, expect, it } from 'vitest';
import { refusal } from '../shared/refusal.testing';
import { decideAddMarCode, decideWithdrawMarCode, type MarKeyState } from './mar-key';

const added: MarKeyEvent = {
  type: 'MarCodeAdded',
  data: { code: 'H', label: "Held on the GP's advice", status: 'not_required', needsReason: true },
};
const keyOf = (...events: MarKeyEvent[]): MarKeyState => events.reduce<MarKeyState>(evolveMarKey, BUILT_IN_MAR_KEY);

describe("the MAR chart's key", () => {
  it('starts with the built-in codes and adds a new one after them, offered for new records', () => {
    expect(decideAddMarCode(keyOf(), added.data)).toEqual([added]);
    const key = keyOf(added);
    expect(key.map((entry) => entry.code)).toEqual([...BUILT_IN_MAR_KEY.map((entry) => entry.code), 'H']);
    expect(key.at(-1)).toEqual({ ...added.data, builtIn: false, withdrawn: false });
  });

  it('refuses a code already on the key, built in or added, even once withdrawn', () => {
    expect(refusal(() => decideAddMarCode(keyOf(), { ...added.data, code: 'R' }))).toEqual({
      kind: 'conflict',
      message: "R is already on the MAR chart's key (Refused)",
      field: 'code',
    });
    const withdrawn = keyOf(added, { type: 'MarCodeWithdrawn', data: { code: 'H', reason: 'Use NR' } });
    expect(refusal(() => decideAddMarCode(withdrawn, added.data)).kind).toBe('conflict');
  });

  it('withdraws an added code once, keeping it on the key; a built-in or unknown code is refused', () => {
    expect(decideWithdrawMarCode(keyOf(added), 'H', 'Use NR')).toEqual([
      { type: 'MarCodeWithdrawn', data: { code: 'H', reason: 'Use NR' } },
    ]);
    const key = keyOf(added, { type: 'MarCodeWithdrawn', data: { code: 'H', reason: 'Use NR' } });
    expect(key.find((entry) => entry.code === 'H')).toMatchObject({
      withdrawn: true,
      label: "Held on the GP's advice",
    });
    expect(refusal(() => decideWithdrawMarCode(key, 'H', 'again'))).toMatchObject({
      kind: 'conflict',
      message: "H (Held on the GP's advice) is already withdrawn",
    });
    expect(refusal(() => decideWithdrawMarCode(key, 'T', 'no'))).toMatchObject({
      kind: 'conflict',
      message: 'T (Taken) is a built-in code and stays on the key',
    });
    expect(refusal(() => decideWithdrawMarCode(key, 'Q', 'no'))).toMatchObject({ kind: 'not_found' });
  });
});
