import type { CarerBookingEvent } from '@care/events';
import { describe, expect, it } from 'vitest';
import { refusal } from '../shared/refusal.testing';
import { BookingClashError } from './booking-clash';
import {
  clientsOfDay,
  daysTouched,
  decideBooking,
  decideRelease,
  evolveCarerDay,
  initialCarerDayState,
  type BookingRequest,
  type CarerDayState,
} from './carer-bookings';

const carerId = '0190a5b2-7c3d-7e4f-8a1b-00000000000c';
const visitA = '0190a5b2-7c3d-7e4f-8a1b-0000000000a1';
const visitB = '0190a5b2-7c3d-7e4f-8a1b-0000000000b2';
const clientX = '0190a5b2-7c3d-7e4f-8a1b-0000000000d1';
const clientY = '0190a5b2-7c3d-7e4f-8a1b-0000000000d2';
const date = '2026-11-21';
const at = (clock: string, day = date) => `${day}T${clock}:00.000Z`;

const booked = (appointmentId: string, start: string, end: string, clientId = clientX): CarerBookingEvent => ({
  type: 'CarerBooked',
  data: { carerId, date, appointmentId, clientId, start, end },
});
const request = (start: string, end: string, appointmentId = visitB, clientId = clientY): BookingRequest => ({
  carerId,
  appointmentId,
  clientId,
  start,
  end,
});
const dayOf = (...events: CarerBookingEvent[]) => events.reduce<CarerDayState>(evolveCarerDay, initialCarerDayState);

/** Visit A: 10:00–11:00 on 21/11/2026. */
const withVisitA = dayOf(booked(visitA, at('10:00'), at('11:00')));

describe('booking a carer (no overlapping visits)', () => {
  it('books a free time', () => {
    expect(decideBooking(withVisitA, request(at('12:00'), at('13:00')), date)).toEqual([
      booked(visitB, at('12:00'), at('13:00'), clientY),
    ]);
  });

  it('refuses an overlap, naming the clashing visit and its time', () => {
    for (const [start, end] of [
      ['10:30', '11:30'],
      ['09:30', '10:01'],
      ['10:15', '10:45'],
      ['09:00', '12:00'],
      ['10:00', '11:00'],
    ] as const) {
      expect(
        refusal(() => decideBooking(withVisitA, request(at(start), at(end)), date)),
        `${start}–${end}`,
      ).toEqual({
        kind: 'conflict',
        message: `Carer is already booked 10:00–11:00 on 21/11/2026 (visit ${visitA})`,
        field: 'carerId',
      });
    }
    const error = (() => {
      try {
        decideBooking(withVisitA, request(at('10:30'), at('11:30')), date);
      } catch (thrown) {
        return thrown;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(BookingClashError);
    expect((error as BookingClashError).clash).toEqual({ appointmentId: visitA, start: at('10:00'), end: at('11:00') });
  });

  it('does not count touching visits as a clash: one ends when the next starts', () => {
    expect(decideBooking(withVisitA, request(at('11:00'), at('12:00')), date)).toHaveLength(1);
    expect(decideBooking(withVisitA, request(at('09:00'), at('10:00')), date)).toHaveLength(1);
  });

  it('does not clash a visit with itself (a reschedule books its new times over its old ones)', () => {
    const moved = decideBooking(withVisitA, request(at('10:30'), at('11:30'), visitA, clientX), date);
    expect(moved).toEqual([booked(visitA, at('10:30'), at('11:30'))]);
    const state = moved.reduce(evolveCarerDay, withVisitA);
    expect([...state.bookings.values()]).toEqual([
      { appointmentId: visitA, clientId: clientX, start: at('10:30'), end: at('11:30'), bookedAt: null },
    ]);
    expect(decideBooking(withVisitA, request(at('10:00'), at('11:00'), visitA, clientX), date)).toEqual([]);
  });

  it('frees the time when a booking is released, and releasing twice records nothing', () => {
    const released = decideRelease(withVisitA, carerId, visitA, date);
    expect(released).toEqual([{ type: 'CarerBookingReleased', data: { carerId, date, appointmentId: visitA } }]);
    const free = released.reduce(evolveCarerDay, withVisitA);
    expect(decideBooking(free, request(at('10:00'), at('11:00')), date)).toHaveLength(1);
    expect(decideRelease(free, carerId, visitA, date)).toEqual([]);
  });

  it('refuses a visit starting the evening before that runs into another visit after midnight', () => {
    const earlyVisit = dayOf({
      type: 'CarerBooked',
      data: {
        carerId,
        date: '2026-11-22',
        appointmentId: visitA,
        clientId: clientX,
        start: at('00:30', '2026-11-22'),
        end: at('01:30', '2026-11-22'),
      },
    });
    expect(
      refusal(() => decideBooking(earlyVisit, request(at('23:30'), at('00:45', '2026-11-22')), '2026-11-22')),
    ).toMatchObject({
      kind: 'conflict',
      message: `Carer is already booked 00:30–01:30 on 22/11/2026 (visit ${visitA})`,
    });
    expect(decideBooking(earlyVisit, request(at('23:30'), at('00:30', '2026-11-22')), '2026-11-22')).toHaveLength(1);
  });

  it('counts the distinct clients of the day', () => {
    const day = dayOf(
      booked(visitA, at('08:00'), at('09:00'), clientX),
      booked(visitB, at('17:00'), at('18:00'), clientX),
      booked('0190a5b2-7c3d-7e4f-8a1b-0000000000c3', at('12:00'), at('13:00'), clientY),
    );
    expect(clientsOfDay(day)).toBe(2);
  });
});

describe('the London days a visit touches', () => {
  it('is one day for a visit within the day, in winter and in summer time', () => {
    expect(daysTouched(at('10:00'), at('11:00'))).toEqual(['2026-11-21']);
    // 23:30 UTC on 30 June is 00:30 on 1 July in London.
    expect(daysTouched('2026-06-30T23:30:00.000Z', '2026-07-01T00:30:00.000Z')).toEqual(['2026-07-01']);
  });

  it('is two days for a visit past midnight, but not for one ending at midnight', () => {
    expect(daysTouched(at('23:00'), at('01:00', '2026-11-22'))).toEqual(['2026-11-21', '2026-11-22']);
    expect(daysTouched(at('23:00'), at('00:00', '2026-11-22'))).toEqual(['2026-11-21']);
    // London midnight in summer is 23:00 UTC.
    expect(daysTouched('2026-07-01T22:00:00.000Z', '2026-07-01T23:30:00.000Z')).toEqual(['2026-07-01', '2026-07-02']);
  });
});
