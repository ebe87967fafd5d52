/**
 * The agency's own numbers and addresses, from configuration (AGENCY_ON_CALL_PHONE, SUPPORT_EMAIL, SUPPORT_PHONE,
 * SUPPORT_HOURS): the emergency screen's on-call button and the Get support dialog. Null: not configured, and the
 * screens say so rather than show a made-up number.
 */
export interface AgencyContacts {
  readonly onCallPhone: string | null;
  readonly supportEmail: string | null;
  readonly supportPhone: string | null;
  readonly supportHours: string | null;
}

export const NO_AGENCY_CONTACTS: AgencyContacts = {
  onCallPhone: null,
  supportEmail: null,
  supportPhone: null,
  supportHours: null,
};
