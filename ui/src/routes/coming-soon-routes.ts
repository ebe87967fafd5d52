/**
 * Screens of later issues (spec part 1 section 2.1, part 2 route table): route to the screen's title.
 * Each one renders the shared "Coming soon" page until its feature arrives.
 */
export const COMING_SOON_ROUTES: readonly { readonly path: string; readonly title: string }[] = [];
