/**
 * The moment before which logs are dropped under the Log retention setting: now minus the setting's years (1, 2 or
 * 3), on the UTC calendar. Anything that occurred strictly before it goes; the moment itself stays.
 */
export function logRetentionCutoff(now: Date, years: number): Date {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - years);
  return cutoff;
}
