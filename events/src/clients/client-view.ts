import type { CareLevel } from '../enums';

/** The keyworker as the client list shows it (spec: "list items include nested keyworkerCarer with user"). */
export interface ClientKeyworkerView {
  id: string;
  employeeId: string;
  user: { firstName: string; lastName: string };
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
  isActive: boolean;
  /** Stream revision: send it back as If-Match to refuse a concurrent edit. */
  revision: string;
  createdAt: string;
  updatedAt: string;
}
