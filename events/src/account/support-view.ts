/** GET /api/support: the agency's support contacts (SUPPORT_EMAIL, SUPPORT_PHONE, SUPPORT_HOURS, AGENCY_ON_CALL_PHONE). */
export interface SupportInfoView {
  email: string | null;
  phone: string | null;
  hours: string | null;
  onCallPhone: string | null;
}
