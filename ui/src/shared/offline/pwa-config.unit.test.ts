import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { uiDistDir } from '../../../../scripts/product';
import { BRAND } from '../brand';
import {
  APP_DESCRIPTION,
  APP_NAME,
  BACKGROUND_COLOUR,
  NAVIGATE_FALLBACK_DENYLIST,
  THEME_COLOUR,
} from '../../../build/pwa';

/** The build the test run's global setup made (or found up to date): its files, and the worker it generated. */
let files: string[] = [];
let worker = '';

beforeAll(async () => {
  const dist = uiDistDir();
  const entries = await readdir(dist, { withFileTypes: true, recursive: true });
  files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dist, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
  worker = await readFile(path.join(dist, 'sw.js'), 'utf8');
});

/** The URLs the worker keeps on the phone at install: Workbox writes them into sw.js as {url:"…",revision:…}. */
const precached = (): string[] => [...worker.matchAll(/\{url:"([^"]+)",revision:/g)].map((match) => match[1] ?? '');

describe('the service worker of the installable app', () => {
  it('keeps the whole app shell: the page, every script and stylesheet, the icons and the manifest', () => {
    const shell = files.filter(
      (file) =>
        /\.(?:html|js|css|png|svg|woff2?|webmanifest)$/.test(file) &&
        file !== 'sw.js' &&
        !/^workbox-[\w-]+\.js$/.test(file),
    );
    expect(shell).toContain('index.html');
    expect(shell.some((file) => file.startsWith('assets/') && file.endsWith('.css'))).toBe(true);
    expect([...new Set(precached())].sort()).toEqual(shell.sort());
  });

  it('keeps no compressed copy, source map or build manifest, and each file once', () => {
    const urls = precached();
    expect(urls.filter((url) => /\.(?:map|br|gz)$/.test(url) || url.startsWith('.vite/'))).toEqual([]);
    expect(files.some((file) => file.endsWith('.js.br'))).toBe(true);
    expect(new Set(urls).size).toBe(urls.length);
  });

  it('opens the app for a reload of any screen offline, but never answers the API or the live socket with it', () => {
    const denied = (pathname: string) => NAVIGATE_FALLBACK_DENYLIST.some((pattern) => pattern.test(pathname));
    expect(denied('/check-in')).toBe(false);
    expect(denied('/clients/6f1c0c5e-4b43-4f0e-9a57-2a8f5b8e8a11')).toBe(false);
    expect(denied('/api/auth/user')).toBe(true);
    expect(denied('/api/login')).toBe(true);
    expect(denied('/socket.io/')).toBe(true);
    // The generated worker carries the same list on its navigation route.
    expect(worker).toContain('createHandlerBoundToURL("/index.html")');
    expect(worker).toContain(`denylist:[${NAVIGATE_FALLBACK_DENYLIST.map(String).join(',')}]`);
  });

  it('takes over at once when a new release is installed', () => {
    expect(worker).toContain('skipWaiting()');
    expect(worker).toContain('clientsClaim()');
  });
});

describe('the manifest', () => {
  it("names the app as the shell does, opens at Check In and uses the stylesheet's brand colours", async () => {
    const manifest: unknown = JSON.parse(await readFile(path.join(uiDistDir(), 'manifest.webmanifest'), 'utf8'));
    expect(APP_NAME).toBe(BRAND.name);
    expect(APP_DESCRIPTION).toBe(BRAND.tagline);
    expect(manifest).toMatchObject({
      name: BRAND.name,
      short_name: BRAND.name,
      description: BRAND.tagline,
      start_url: '/check-in',
      scope: '/',
      display: 'standalone',
      theme_color: THEME_COLOUR,
      background_color: BACKGROUND_COLOUR,
      icons: [
        { src: '/pwa-192x192.png', sizes: '192x192' },
        { src: '/pwa-512x512.png', sizes: '512x512' },
        { src: '/maskable-512x512.png', sizes: '512x512', purpose: 'maskable' },
      ],
    });
    const styles = await readFile(path.join(import.meta.dirname, '../../styles.css'), 'utf8');
    expect(styles).toContain(`--color-primary: ${THEME_COLOUR};`);
    expect(styles).toContain(`--color-bg: ${BACKGROUND_COLOUR};`);
    const page = await readFile(path.join(import.meta.dirname, '../../../index.html'), 'utf8');
    expect(page).toContain(`<meta name="theme-color" content="${THEME_COLOUR}" />`);
  });
});
