import { describe, expect, it } from 'vitest';
import { formatDuration, formatFileSize } from './format-duration';

describe('formatDuration', () => {
  it('shows minutes and seconds with two digits each', () => {
    expect(formatDuration(0)).toBe('00:00');
    expect(formatDuration(9.9)).toBe('00:09');
    expect(formatDuration(61)).toBe('01:01');
    expect(formatDuration(240)).toBe('04:00');
    expect(formatDuration(300)).toBe('05:00');
  });
});

describe('formatFileSize', () => {
  it('uses KB below a megabyte and MB with one decimal above', () => {
    expect(formatFileSize(200)).toBe('1 KB');
    expect(formatFileSize(6000)).toBe('6 KB');
    expect(formatFileSize(1.4 * 1024 * 1024)).toBe('1.4 MB');
    expect(formatFileSize(10 * 1024 * 1024)).toBe('10.0 MB');
  });
});
