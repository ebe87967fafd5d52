/** STUB (issue 5): the dashboard's Recent Appointments block (spec part 1 section 2.6). */
export function RecentAppointments() {
  return null;
}
