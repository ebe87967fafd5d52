import { buildServicesIfStale } from './build-services';
import { buildUiIfStale } from './product';

/**
 * Vitest global setup: builds the UI and the compiled services once, before any test file runs. Every end-to-end
 * file starts the product, which builds a stale build itself; two files doing that at once would build it twice.
 */
export default async function setup(): Promise<void> {
  const say = (line: string) => console.log(line);
  await buildUiIfStale(say);
  await buildServicesIfStale(say);
}
