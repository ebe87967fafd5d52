import { version } from '../../package.json';

/** The provider's brand as the shell shows it. */
export const BRAND = {
  name: 'CareAgency',
  mark: 'CA',
  tagline: 'Secure healthcare management platform',
  /** The UI package's own version (the release CHANGELOG.md describes), so a release changes it in one place. */
  version,
  /** "© <this year> CareAgency": the year read from the clock each time it is shown, so it never goes stale. */
  get copyright(): string {
    return copyrightLine(new Date());
  },
};

export function copyrightLine(now: Date): string {
  return `© ${now.getFullYear()} ${BRAND.name}`;
}
