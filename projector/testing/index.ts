export { readModelChecksums } from './read-model-checksum';
export { AlertTaskLog } from './alert-task-fixtures';
export { registerCarer } from './carer-event-fixtures';
