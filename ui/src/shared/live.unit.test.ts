import { describe, expect, it } from 'vitest';
import { isUnder } from './live';

describe('which queries a push reloads', () => {
  it('matches the resource URL, its sub-paths and its query strings only', () => {
    expect(isUnder('/api/training', '/api/training')).toBe(true);
    expect(isUnder('/api/training?expiring=30', '/api/training')).toBe(true);
    expect(isUnder('/api/training/compliance', '/api/training')).toBe(true);
    expect(isUnder('/api/trainingx', '/api/training')).toBe(false);
    expect(isUnder('/api/carers', '/api/training')).toBe(false);
  });
});
