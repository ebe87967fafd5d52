/** GET /api/emergency: what the emergency screen shows, for the person who opened it. */
export interface EmergencyContextView {
  /** Always 999 in the UK. */
  emergencyNumber: string;
  /** The agency's on-call number (AGENCY_ON_CALL_PHONE), null when none is configured. */
  onCallPhone: string | null;
  /** The carer's visit in progress, else their next visit today or later; null without one (or without a carer record). */
  visit: {
    appointmentId: string;
    scheduledStart: string;
    status: string;
    client: {
      id: string;
      firstName: string;
      lastName: string;
      address: string;
      phoneNumber: string | null;
      emergencyContact: string;
      emergencyPhone: string;
    };
  } | null;
}

/** POST /api/emergencies' reply: the emergency and the alert it raised. */
export interface EmergencyRaisedReply {
  id: string;
  alertId: string;
  revision: string;
  position: string;
}
