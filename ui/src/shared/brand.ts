/** The provider's brand as the shell shows it (spec section 1). */
export const BRAND = {
  name: 'CareAgency',
  mark: 'CA',
  tagline: 'Secure healthcare management platform',
  version: '2025.1.0',
  copyright: '© 2025 CareAgency',
} as const;
