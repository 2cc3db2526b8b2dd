import { describe, expect, it } from 'vitest';
import { formatSize } from '../../../src/ui/shell/formatSize.ts';

// The result panel's meta line and the history table both word sizes with it.
describe('formatSize', () => {
  it('words bytes, kilobytes and megabytes with one decimal, switching at 1024', () => {
    expect([0, 1023, 1024, 1536, 1024 * 1024 - 1, 1024 * 1024, 5 * 1024 * 1024 + 1].map(formatSize)).toEqual([
      '0 B',
      '1023 B',
      '1.0 kB',
      '1.5 kB',
      '1024.0 kB',
      '1.0 MB',
      '5.0 MB',
    ]);
  });
});
