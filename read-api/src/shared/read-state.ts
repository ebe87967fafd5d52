import type { RequestState } from '@care/events/server';

export type ReadState = RequestState;
