export { createCommandApp } from './app';
