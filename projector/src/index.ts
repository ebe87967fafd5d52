export * from './read-model/database';
export { createReadModelDb, migrateReadModel } from './read-model/connect';
export { applyBatch, readCheckpoint, type ReadModelChanged } from './apply-batch';
export { startProjector } from './projector';
export { rebuildReadModel, replayInto } from './rebuild';
export { connectProjectorServices } from './connect-services';
