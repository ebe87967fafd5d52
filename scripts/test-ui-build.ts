import { buildUiIfStale } from './product';

/**
 * Vitest global setup: builds the UI once, before any test file runs. Every end-to-end file starts
 * the product, which builds a stale UI itself; two files doing that at once would write ui/dist together.
 */
export default async function setup(): Promise<void> {
  await buildUiIfStale((line) => console.log(line));
}
