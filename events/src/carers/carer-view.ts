import type { TravelMode } from '../travel/travel-estimate';

/** The JSON shape of GET /api/carers items: the read API's reply, the UI's input. */
export interface CarerView {
  id: string;
  /** The account linked to this record (it signs in as this carer), or null. */
  userId: string | null;
  /** That account's name and email, when the id names an account; null: no account signs in as this carer. */
  account: CarerAccountView | null;
  employeeId: string;
  specialization: string | null;
  qualifications: string[];
  phoneNumber: string | null;
  emergencyContact: string | null;
  emergencyPhone: string | null;
  address: string | null;
  dateOfBirth: string | null;
  startDate: string;
  /** Pounds with 2 decimals, as a string ("12.50"), like a decimal(10,2) column. */
  hourlyRate: string | null;
  maxClientsPerDay: number;
  isActive: boolean;
  /** Approved leave covers today (London time), a half day included: the carer is away for at least part of it. */
  onLeaveToday: boolean;
  notes: string | null;
  /** How the carer gets between visits: the travel estimates on the rota use it. */
  travelMode: TravelMode;
  /** Stream revision: send it back as If-Match to refuse a concurrent edit. */
  revision: string;
  createdAt: string;
  updatedAt: string;
  user: { firstName: string; lastName: string; email: string; region: string | null };
}

/** An account that signs in (or may be linked to sign in) as a carer. */
export interface CarerAccountView {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}
