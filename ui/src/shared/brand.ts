/** The provider's brand as the shell shows it. */
export const BRAND = {
  name: 'CareAgency',
  mark: 'CA',
  tagline: 'Secure healthcare management platform',
  version: '2025.1.0',
  copyright: '© 2025 CareAgency',
} as const;
