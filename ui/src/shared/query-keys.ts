/**
 * Query keys shared by features and the live-update socket. By the spec's convention the first element is
 * the URL the default loader reads.
 */
export const queryKeys = {
  carers: ['/api/carers'] as const,
};
