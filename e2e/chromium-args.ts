/** How every e2e file and the bench's front-door step start Chromium (no vitest here: the bench imports it). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Date inputs follow the browser's language, not the context's locale: dd/mm/yyyy as UK users see them.
  '--lang=en-GB',
  // The voice recorder needs a microphone: Chromium's fake one (a beep) without the permission prompt.
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
];
