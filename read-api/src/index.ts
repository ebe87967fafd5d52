export { createReadApi } from './app';
export type { ReadApi } from './app';
