export { readModelChecksums } from './read-model-checksum';
