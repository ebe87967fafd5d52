/**
 * UK postcodes: an outward code (area and district, "SW1A", "LS6", "M1") and an inward code (sector and unit, "1AA").
 * People type them in any case with any spacing; the record keeps one form, upper case with a single space before the
 * last three characters, so that two spellings of the same postcode compare equal.
 */
const POSTCODE_PATTERN = /^([A-Z]{1,2}[0-9][A-Z0-9]?)([0-9][A-Z]{2})$/;

/** The postcode in its usual form ("sw1a1aa" → "SW1A 1AA"), or null when it is not a UK postcode. */
export function normaliseUkPostcode(text: string): string | null {
  const compact = text.replace(/\s+/g, '').toUpperCase();
  const match = POSTCODE_PATTERN.exec(compact);
  return match ? `${match[1]} ${match[2]}` : null;
}

export const POSTCODE_MESSAGE = 'Postcode must be a UK postcode, like SW1A 1AA';

/** The longest postcode in its usual form ("SW1A 1AA"). */
export const POSTCODE_LENGTH = 8;

/** A postcode in its usual form, as records keep it. */
export const NORMALISED_POSTCODE_PATTERN = /^[A-Z]{1,2}[0-9][A-Z0-9]? [0-9][A-Z]{2}$/;

/**
 * Coordinates anywhere in the United Kingdom, from the Isles of Scilly to Shetland and from Northern Ireland's
 * west coast to East Anglia: a point outside them is a typing mistake (a sign dropped, the two swapped).
 */
export const UK_BOUNDS = {
  latitude: { min: 49.8, max: 60.9 },
  longitude: { min: -8.7, max: 1.8 },
} as const;
