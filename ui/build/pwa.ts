import type { VitePWAOptions } from 'vite-plugin-pwa';

/** The stylesheet's brand teal (--color-primary) and page background (--color-bg), for the phone's bars and splash. */
export const THEME_COLOUR = '#0b6e77';
export const BACKGROUND_COLOUR = '#f4f7fa';
/**
 * The product's name and tagline as src/shared/brand.ts words them (its unit test keeps the two the same): the
 * build's config cannot load brand.ts, which reads package.json in a way Vite's config loader warns about.
 */
export const APP_NAME = 'CareAgency';
export const APP_DESCRIPTION = 'Secure healthcare management platform';

/**
 * What the service worker keeps on the phone so the app opens without signal: the built page, scripts, styles,
 * fonts and images. The .br and .gz copies the build writes beside each file (build/precompress.ts) are the same
 * files again, and source maps only serve developer tools, so they are left out. The manifest is added by the
 * plugin itself.
 */
export const PRECACHE_PATTERNS = ['**/*.{html,js,css,woff,woff2,svg,png,ico}'];
export const PRECACHE_IGNORES = ['**/*.map', '**/*.br', '**/*.gz', '.vite/**', '**/node_modules/**'];

/**
 * A reload of any screen offline opens the app from the precached page, except the server's own paths: the API
 * and the live socket must reach the network (or fail), never get the page instead.
 */
export const NAVIGATE_FALLBACK_DENYLIST = [/^\/api\//, /^\/socket\.io\//];

/**
 * The installable carer app: Workbox generates the worker (no hand-written caching). `autoUpdate` with skipWaiting
 * and clientsClaim: a new release takes over the open app at once instead of waiting for every tab to close.
 * The worker is registered by src/shared/offline/pwa-register.ts, in production builds only.
 */
export const pwaOptions: Partial<VitePWAOptions> = {
  registerType: 'autoUpdate',
  injectRegister: false,
  strategies: 'generateSW',
  // The icons and the apple-touch-icon are matched by PRECACHE_PATTERNS already; listed twice they would be kept twice.
  includeManifestIcons: false,
  manifest: {
    name: APP_NAME,
    short_name: APP_NAME,
    description: APP_DESCRIPTION,
    lang: 'en-GB',
    start_url: '/check-in',
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOUR,
    background_color: BACKGROUND_COLOUR,
    icons: [
      { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png' },
      { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png' },
      { src: '/maskable-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    globPatterns: PRECACHE_PATTERNS,
    globIgnores: PRECACHE_IGNORES,
    navigateFallback: '/index.html',
    navigateFallbackDenylist: NAVIGATE_FALLBACK_DENYLIST,
    skipWaiting: true,
    clientsClaim: true,
    cleanupOutdatedCaches: true,
    sourcemap: false,
  },
};
