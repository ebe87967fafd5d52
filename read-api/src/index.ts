export { createReadApi } from './app';
