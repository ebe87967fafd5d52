/** Whole years from a date of birth to `today` (both YYYY-MM-DD); a birthday counts from its own day. */
export function ageInYears(dateOfBirth: string, today: string): number | undefined {
  const birth = /^(\d{4})-(\d{2})-(\d{2})/.exec(dateOfBirth);
  const now = /^(\d{4})-(\d{2})-(\d{2})/.exec(today);
  if (!birth || !now) return undefined;
  const years = Number(now[1]) - Number(birth[1]);
  const beforeBirthday = `${now[2]}-${now[3]}` < `${birth[2]}-${birth[3]}`;
  const age = beforeBirthday ? years - 1 : years;
  return age >= 0 ? age : undefined;
}
