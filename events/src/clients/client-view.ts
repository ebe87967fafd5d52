import type { CareLevel } from '../enums';

/** The keyworker as the client list shows it (spec: "list items include nested keyworkerCarer with user"). */
export interface ClientKeyworkerView {
  id: string;
  employeeId: string;
  user: { firstName: string; lastName: string };
}

/** "recorded" on the client's record, or learnt "from check-ins" at the client's visits. */
export const CLIENT_LOCATION_BASES = ['recorded', 'from check-ins'] as const;
export type ClientLocationBasis = (typeof CLIENT_LOCATION_BASES)[number];

export interface ClientLocationView {
  latitude: number;
  longitude: number;
  basis: ClientLocationBasis;
}

/** The JSON shape of GET /api/clients items: the read API's reply, the UI's input. */
export interface ClientView {
  id: string;
  clientId: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  address: string;
  phoneNumber: string | null;
  emergencyContact: string;
  emergencyPhone: string;
  medicalConditions: string[];
  medications: string[];
  allergies: string[];
  careLevel: CareLevel;
  mobilityLevel: string | null;
  cognitiveLevel: string | null;
  keyworkerCarerId: string | null;
  /** null when there is no keyworker, or the carer it names has since been removed. */
  keyworkerCarer: ClientKeyworkerView | null;
  preferredCarers: string[];
  riskAssessment: string | null;
  careInstructions: string | null;
  /** The GP practice's name and address, and its phone; null when not recorded. */
  gpPractice: string | null;
  gpPhone: string | null;
  /** The postcode and the coordinates of the home as recorded on the client's record; null when not recorded. */
  postcode: string | null;
  latitude: number | null;
  longitude: number | null;
  /**
   * Where travel to the client is measured from: the recorded coordinates, or else the middle (median) of the
   * places carers checked in at the client's visits; null when neither is known.
   */
  location: ClientLocationView | null;
  isActive: boolean;
  /** Stream revision: send it back as If-Match to refuse a concurrent edit. */
  revision: string;
  createdAt: string;
  updatedAt: string;
}
