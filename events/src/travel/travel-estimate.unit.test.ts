import { describe, expect, it } from 'vitest';
import { estimateTravel, greatCircleKm, type Place } from './travel-estimate';
import { normaliseUkPostcode } from './uk-postcode';

/** Along a meridian one degree of latitude is 2πR / 360 km, so this many degrees is exactly one kilometre. */
const ONE_KM_OF_LATITUDE = 360 / (2 * Math.PI * 6371);

const leeds = { latitude: 53.8008, longitude: -1.5491 };
const oneKmNorth = { latitude: leeds.latitude + ONE_KM_OF_LATITUDE, longitude: leeds.longitude };
const tenKmNorth = { latitude: leeds.latitude + 10 * ONE_KM_OF_LATITUDE, longitude: leeds.longitude };
const at = (coordinates: Place['coordinates'], postcode: string | null = null): Place => ({ coordinates, postcode });

describe('greatCircleKm', () => {
  it('measures a known distance: one kilometre north, and London to Edinburgh about 534 km', () => {
    expect(greatCircleKm(leeds, oneKmNorth)).toBeCloseTo(1, 6);
    const london = { latitude: 51.5074, longitude: -0.1278 };
    const edinburgh = { latitude: 55.9533, longitude: -3.1883 };
    expect(greatCircleKm(london, edinburgh)).toBeGreaterThan(530);
    expect(greatCircleKm(london, edinburgh)).toBeLessThan(538);
  });
});

describe('estimateTravel', () => {
  it('drives one kilometre in 3 minutes of road (1.3 km at 30 km/h, rounded up) plus 3 to park', () => {
    expect(estimateTravel(at(leeds), at(oneKmNorth), 'car')).toEqual({ minutes: 6, km: 1.3 });
  });

  it('rounds part of a minute up: half a kilometre by car is 1.3 minutes of road, so 2, plus 3 to park', () => {
    const halfKmNorth = { latitude: leeds.latitude + ONE_KM_OF_LATITUDE / 2, longitude: leeds.longitude };
    expect(estimateTravel(at(leeds), at(halfKmNorth), 'car')?.minutes).toBe(5);
  });

  it('walks one kilometre in 15 minutes (1.2 km at 4.8 km/h) with no allowance', () => {
    expect(estimateTravel(at(leeds), at(oneKmNorth), 'walking')).toEqual({ minutes: 15, km: 1.2 });
  });

  it('takes public transport one kilometre in 6 minutes (1.4 km at 15 km/h, rounded up) plus 5 waiting', () => {
    expect(estimateTravel(at(leeds), at(oneKmNorth), 'public_transport')).toEqual({ minutes: 11, km: 1.4 });
  });

  it('drives ten kilometres in 26 minutes of road plus 3, the same either way', () => {
    expect(estimateTravel(at(leeds), at(tenKmNorth), 'car')).toEqual({ minutes: 29, km: 13 });
    expect(estimateTravel(at(tenKmNorth), at(leeds), 'car')).toEqual({ minutes: 29, km: 13 });
  });

  it('counts only the allowance for two visits at the same door', () => {
    expect(estimateTravel(at(leeds), at(leeds), 'car')).toEqual({ minutes: 3, km: 0 });
    expect(estimateTravel(at(leeds), at(leeds), 'walking')).toEqual({ minutes: 0, km: 0 });
  });

  it('gives the allowance plus 2 minutes between homes with the same postcode and no coordinates', () => {
    expect(estimateTravel(at(null, 'LS6 1AA'), at(null, 'ls61aa'), 'car')).toEqual({ minutes: 5, km: 0 });
    expect(estimateTravel(at(null, 'LS6 1AA'), at(leeds, 'LS6 1AA'), 'public_transport')).toEqual({
      minutes: 7,
      km: 0,
    });
  });

  it('cannot estimate without coordinates for both and different or missing postcodes', () => {
    expect(estimateTravel(at(null, 'LS6 1AA'), at(null, 'LS6 1AB'), 'car')).toBeNull();
    expect(estimateTravel(at(leeds), at(null, 'LS6 1AA'), 'car')).toBeNull();
    expect(estimateTravel(at(null), at(null), 'walking')).toBeNull();
  });
});

describe('normaliseUkPostcode', () => {
  it('writes any spelling of a postcode in upper case with one space before the inward code', () => {
    expect(normaliseUkPostcode('sw1a1aa')).toBe('SW1A 1AA');
    expect(normaliseUkPostcode(' SW1A   1AA ')).toBe('SW1A 1AA');
    expect(normaliseUkPostcode('ls6 2ab')).toBe('LS6 2AB');
    expect(normaliseUkPostcode('M1 1AE')).toBe('M1 1AE');
    expect(normaliseUkPostcode('EC1A1BB')).toBe('EC1A 1BB');
  });

  it('refuses text that is not a UK postcode', () => {
    expect(normaliseUkPostcode('')).toBeNull();
    expect(normaliseUkPostcode('12345')).toBeNull();
    expect(normaliseUkPostcode('LS6')).toBeNull();
    expect(normaliseUkPostcode('LS6 2A')).toBeNull();
    expect(normaliseUkPostcode('1S6 2AB')).toBeNull();
  });
});
