export { readModelChecksums } from './read-model-checksum';
export { AlertTaskLog } from './alert-task-fixtures';
