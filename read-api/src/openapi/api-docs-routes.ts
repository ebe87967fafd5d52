import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import Router from '@koa/router';
import type { ReadState } from '../shared/read-state';

/*
 * GET /api/docs: the API description (GET /api/openapi.json) drawn as a readable reference, to any signed-in user
 * like the description itself (requireSession runs first). The renderer is Redoc 2's standalone bundle, served from
 * node_modules by this service so the browser loads nothing from elsewhere. Redoc rather than Scalar: its bundle is
 * one file a quarter of Scalar's size, draws the `<redoc spec-url>` element by itself (no page script of ours),
 * fetches no fonts (Scalar's come from its own servers unless switched off) and sends no usage reports (Redoc 3
 * does by default).
 */
export const API_DOCS_PATH = '/api/docs';
export const REDOC_BUNDLE_PATH = '/api/docs/redoc.standalone.js';

const require = createRequire(import.meta.url);

/*
 * The menu's "API docs by Redocly" link shows Redocly's logo from their servers, which this page must not load:
 * the bundle is served with that address swapped for an empty image drawn in place, and the link keeps its text.
 */
const REDOCLY_LOGO_URL = 'https://cdn.redoc.ly/redoc/logo-mini.svg';
const EMPTY_IMAGE = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='0' height='0'/%3E";

let redocBundle: string | undefined;
/** Read on first use, then kept: 1 MB that most processes never serve. */
const bundle = () =>
  (redocBundle ??= readFileSync(require.resolve('redoc/bundles/redoc.standalone.js'), 'utf8').replaceAll(
    REDOCLY_LOGO_URL,
    EMPTY_IMAGE,
  ));

/*
 * This service's own policy is default-src 'none' (it answers JSON). The reference page needs, and gets, only:
 * its bundle (script-src 'self'), the description fetched from this origin (connect-src 'self'), the styles Redoc
 * writes into the page at run time ('unsafe-inline' styles, as the UI's own pages allow), its icons drawn as
 * data: images, and its search index built in a worker started from a blob: URL.
 */
const PAGE_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "connect-src 'self'",
  "style-src 'unsafe-inline'",
  'img-src data:',
  'worker-src blob:',
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

// Redoc reads its options from the element's attributes; it fetches the description itself.
const PAGE = `<!doctype html>
<html lang="en-GB">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>API reference · CareAgency</title>
    <link rel="icon" href="data:," />
    <style>
      body { margin: 0; }
      /* The expand buttons of the JSON samples are 15 px: lines at least 26 px apart leave each the 24 px around it
         that touch and pointer users need (WCAG 2.5.8). */
      .redoc-json li { min-height: 26px; }
    </style>
  </head>
  <body>
    <redoc spec-url="/api/openapi.json" native-scrollbars></redoc>
    <script src="${REDOC_BUNDLE_PATH}"></script>
  </body>
</html>
`;

export function apiDocsRoutes(): Router<ReadState> {
  const router = new Router<ReadState>();
  router.get(API_DOCS_PATH, (ctx) => {
    ctx.set('Content-Security-Policy', PAGE_POLICY);
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = PAGE;
  });
  router.get(REDOC_BUNDLE_PATH, (ctx) => {
    ctx.type = 'text/javascript; charset=utf-8';
    // 1 MB that changes only with an upgrade of Redoc: the browser may keep it a day instead of fetching it each visit.
    ctx.set('Cache-Control', 'private, max-age=86400');
    ctx.body = bundle();
  });
  return router;
}
