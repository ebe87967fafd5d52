import { describe, expect, it } from 'vitest';
import type { CarerShiftBookingEvent } from '@care/events';
import { refusal } from '../shared/refusal.testing';
import {
  decideShiftBooking,
  decideShiftRelease,
  evolveShiftDay,
  initialShiftDayState,
  type ShiftBookingRequest,
} from './shift-bookings';

const carerId = '0190a5b2-7c3d-7e4f-8a1b-00000000000c';
const shift = (n: number) => `0190a5b2-7c3d-7e4f-8a1b-00000000000${n}`;
const date = '2026-11-21';
const at = (clock: string) => `${date}T${clock}:00.000Z`;
const request = (n: number, start: string, end: string): ShiftBookingRequest => ({
  carerId,
  shiftId: shift(n),
  start: at(start),
  end: at(end),
});
const booked = (n: number, start: string, end: string): CarerShiftBookingEvent => ({
  type: 'CarerShiftBooked',
  data: { carerId, date, shiftId: shift(n), start: at(start), end: at(end) },
});

/** Given the day's events, when a shift is booked, then the events or the refusal. */
const given = (...events: CarerShiftBookingEvent[]) => {
  const state = events.reduce(evolveShiftDay, initialShiftDayState);
  return {
    when: (booking: ShiftBookingRequest) => ({
      then: (expected: CarerShiftBookingEvent[]) => expect(decideShiftBooking(state, booking, date)).toEqual(expected),
      refusal: () => refusal(() => decideShiftBooking(state, booking, date)),
    }),
    release: (n: number) => decideShiftRelease(state, carerId, shift(n), date),
  };
};

describe('a carer’s shifts on one day', () => {
  it('books a shift on a free day, and one that starts as another ends', () => {
    given()
      .when(request(1, '08:00', '14:00'))
      .then([booked(1, '08:00', '14:00')]);
    given(booked(1, '08:00', '14:00'))
      .when(request(2, '14:00', '20:00'))
      .then([booked(2, '14:00', '20:00')]);
  });

  it('refuses an overlapping shift, naming the earliest one it clashes with', () => {
    expect(
      given(booked(2, '12:00', '18:00'), booked(1, '08:00', '14:00'))
        .when(request(3, '13:00', '19:00'))
        .refusal(),
    ).toEqual({
      kind: 'conflict',
      message: `Carer already has a shift 08:00–14:00 on 21/11/2026 (shift ${shift(1)})`,
      field: 'carerId',
    });
  });

  it('lets a shift move within its own time, records nothing when unchanged, and releases only what it holds', () => {
    given(booked(1, '08:00', '14:00'))
      .when(request(1, '09:00', '15:00'))
      .then([booked(1, '09:00', '15:00')]);
    given(booked(1, '08:00', '14:00'))
      .when(request(1, '08:00', '14:00'))
      .then([]);
    expect(given(booked(1, '08:00', '14:00')).release(1)).toEqual([
      { type: 'CarerShiftReleased', data: { carerId, date, shiftId: shift(1) } },
    ]);
    expect(given().release(1)).toEqual([]);
  });
});
